/**
 * A TypeDoc plugin: a "loop gallery" link in the header of every page, back to the gallery the
 * reference is published beside (the site's root, one folder above the reference's own).
 * TypeDoc's `navigationLinks` writes its URLs unchanged on every page, so a relative one would
 * be wrong on every page in a subfolder, and the header has no render hook; so the link is
 * added to each rendered page, relative to that page, which keeps the site working under any
 * path without a base URL.
 */
import { PageEvent } from 'typedoc';

/** Where TypeDoc's default theme puts the header links (its `navigationLinks`). */
const HEADER_LINKS = '<div id="tsd-toolbar-links">';

/**
 * Registers the link. TypeDoc calls `load` for each module named in its `plugin` option.
 * Fails the build if a page has no header links to add it to (a theme that changed).
 * @param {import('typedoc').Application} app
 */
export function load(app) {
  app.renderer.on(PageEvent.END, (page) => {
    if (page.contents === undefined) return;
    if (!page.contents.includes(HEADER_LINKS)) {
      throw new Error(`gallery-link: no ${HEADER_LINKS} in ${page.url} to add the link to`);
    }
    const root = '../'.repeat(page.url.split('/').length - 1);
    const link = `<a href="${root}../" id="loop-gallery-link">loop gallery</a>`;
    page.contents = page.contents.replace(HEADER_LINKS, `${HEADER_LINKS}${link}`);
  });
}
