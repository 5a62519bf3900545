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
 * Links every app. In dev each template has its own server (see dev.mjs) on the port listed
 * in apps.json, on whatever host this page was opened from; in a build they sit beside the
 * gallery as ./<name>/. An app that needs its own game server (`"server": true`) is not in the
 * build, which is static: its card says how to run it instead of linking a page that could not
 * connect.
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
    link.href = import.meta.env.DEV
      ? `${location.protocol}//${location.hostname}:${app.port}/`
      : `./${app.name}/`;
    link.textContent = app.title;
    link.dataset.app = app.name;
    // The built site has a picture of each app, taken at build time (thumbnails.mjs).
    if (!import.meta.env.DEV) item.append(picture(app));
    item.append(link, blurb);
  }
  list.append(item);
}

/**
 * The app's thumbnail (its scene a few seconds in, photographed by the build), sized before it
 * loads so the list does not jump, and said in words for those who cannot see it.
 */
function picture(app: App): HTMLImageElement {
  const image = document.createElement('img');
  image.src = `./${thumbnail.folder}/${app.name}.${thumbnail.type}`;
  image.width = thumbnail.width;
  image.height = thumbnail.height;
  image.alt = `The ${app.title} app a few seconds after it opens`;
  image.decoding = 'async';
  image.dataset.thumbnail = app.name;
  return image;
}

/** A command as the page shows it. */
function code(text: string): HTMLElement {
  const element = document.createElement('code');
  element.textContent = text;
  return element;
}
