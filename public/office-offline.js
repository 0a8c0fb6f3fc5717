/*
 * The offline page's retry (office-offline.html; a file of its own, as the site's
 * Content-Security-Policy allows no inline script). The address is still the page that was
 * asked for, so a reload asks for it again: at once when the browser says it is back
 * online, on a tap of "Try again", and every 15 seconds in case the browser does not know.
 */
const retry = () => location.reload();
addEventListener("online", retry);
document.getElementById("retry")?.addEventListener("click", retry);
setInterval(() => {
  if (navigator.onLine) retry();
}, 15000);
