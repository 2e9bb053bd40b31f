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
  requestAnimationFrame(function () {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
