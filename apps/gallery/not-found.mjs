/**
 * The site's 404.html. GitHub Pages serves it, with status 404, for any missing path under the
 * site, at the URL that was asked for: /loop/docs/reference/gone.html shows it from inside docs/.
 * So the page is self-contained (inline style, no assets a relative path would miss from a
 * deeper folder), and its link back to the gallery is found from the URL: the path up to the
 * first segment that is one of the site's top-level folders (docs, canvas2d, ...). Without
 * script, or for a miss that names no known folder, the link is `./`, right for 404.html itself
 * and for any miss one level under the site root.
 */

/**
 * The HTML of 404.html for a site whose root holds the given top-level folders.
 * @param {readonly string[]} folders names of the folders at the site's root
 * @returns {string}
 */
export function notFoundPage(folders) {
  const script = `const folders = ${JSON.stringify([...folders].sort())};
const parts = location.pathname.split('/');
const at = parts.findIndex((part, i) => i > 0 && folders.includes(part));
if (at > 0) document.getElementById('home').href = parts.slice(0, at).join('/') + '/';`;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <link rel="icon" href="data:," />
    <title>loop · page not found</title>
    <style>
      body { margin: 0; background: #0e1320; color: #e8f0ff; font: 16px / 1.5 system-ui, sans-serif; }
      main { max-width: 44rem; margin: 0 auto; padding: 2rem 1rem; }
      a { color: #8fc1ff; }
    </style>
  </head>
  <body>
    <main>
      <h1>Page not found</h1>
      <p>Nothing lives at this address. It may have moved when the site was rebuilt.</p>
      <p><a id="home" href="./">Back to the loop gallery</a></p>
    </main>
    <script>
${script}
    </script>
  </body>
</html>
`;
}
