// The release switch and its commands (create-loop's, so the card says what the docs say).
import {
  cardCommand,
  cardNote,
  PUBLISHED,
} from '../../../packages/create-loop/src/start-commands.js';
import apps from '../apps.json';
import thumbnail from '../thumbnails.json';

/** An entry of apps.json; `server` is set on the apps that need their own game server. */
type App = (typeof apps)[number] & { server?: boolean };

/**
 * Links every app, at `./<name>/` both under `pnpm dev` and in the built site: the dev server
 * routes as the site does (dev-server.mjs). Each card's picture is a link to its app too, the
 * same picture in both (public/thumbnails, which every build takes anew). An app that needs its
 * own game server (`"server": true`) is not in the build, which is static: there its card says
 * how to run it instead of linking a page that could not connect; `pnpm dev` serves it.
 */
const list = document.querySelector<HTMLUListElement>('#apps')!;
for (const app of apps as App[]) {
  const item = document.createElement('li');
  const blurb = document.createElement('p');
  blurb.textContent = app.blurb;
  if (app.server && !import.meta.env.DEV) {
    const title = document.createElement('h2');
    title.textContent = app.title;
    const how = document.createElement('p');
    how.className = 'server';
    how.append(
      'Needs its game server, which a static site cannot run: ',
      code('npm start'),
      ' in the loop repository serves it with every app, or start your own with ',
      code(cardCommand(PUBLISHED, app.name)),
      `${cardNote(PUBLISHED)}.`,
    );
    item.dataset.serverApp = app.name;
    item.append(title, blurb, how);
  } else {
    const link = document.createElement('a');
    link.href = `./${app.name}/`;
    link.textContent = app.title;
    link.dataset.app = app.name;
    // A server app has no picture: the build, which takes them, cannot run it.
    if (!app.server) item.append(picture(app));
    item.append(link, blurb);
  }
  list.append(item);
}

/**
 * The app's thumbnail (its scene a few seconds in, photographed by the build), a link to the
 * app, sized before it loads so the list does not jump, and said in words for those who cannot
 * see it.
 */
function picture(app: App): HTMLAnchorElement {
  const image = document.createElement('img');
  image.src = `./${thumbnail.folder}/${app.name}.${thumbnail.type}`;
  image.width = thumbnail.width;
  image.height = thumbnail.height;
  image.alt = `The ${app.title} app a few seconds after it opens`;
  image.decoding = 'async';
  image.dataset.thumbnail = app.name;
  const link = document.createElement('a');
  link.href = `./${app.name}/`;
  link.className = 'picture';
  // The title's link right after says where it goes; a reader hears it once.
  link.tabIndex = -1;
  link.append(image);
  return link;
}

/** A command as the page shows it. */
function code(text: string): HTMLElement {
  const element = document.createElement('code');
  element.textContent = text;
  return element;
}
