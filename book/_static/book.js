// The list button in the article's header opens the drawer with the page's contents.
// The theme listens only on the first ".secondary-toggle" of the page (a button in the top bar
// that is hidden at these widths), so the article's button passes its click on to that one.
document.addEventListener("DOMContentLoaded", () => {
  const opener = document.querySelector(".secondary-toggle");
  for (const button of document.querySelectorAll(".bd-header-article .secondary-toggle")) {
    if (button === opener) continue;
    button.addEventListener("click", (event) => {
      event.preventDefault();
      event.stopPropagation();
      opener.click();
    });
  }
});
