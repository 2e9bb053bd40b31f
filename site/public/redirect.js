// Sends visitors of the bare root to the Arabic site (hosts without redirect rules).
window.location.replace('/ar/' + window.location.search + window.location.hash);
