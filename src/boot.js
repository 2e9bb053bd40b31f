(function () {
  var tag = document.currentScript;
  var data = tag.dataset;
  var started = false;
  function start() {
    if (started) return;
    started = true;
    (data.preload ? data.preload.split(' ') : []).forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = data.entry;
    document.head.appendChild(script);
  }
  function soon() {
    setTimeout(start, 0);
  }
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) {
        observer.disconnect();
        soon();
      }
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(soon);
  }
  setTimeout(start, 2000);
})();
