import apps from '../apps.json';

/**
 * Links every app. In dev each template has its own server (see dev.mjs) on the port listed
 * in apps.json, on whatever host this page was opened from; in a build they sit beside the
 * gallery as ./<name>/.
 */
const list = document.querySelector<HTMLUListElement>('#apps')!;
for (const app of apps) {
  const href = import.meta.env.DEV
    ? `${location.protocol}//${location.hostname}:${app.port}/`
    : `./${app.name}/`;
  const item = document.createElement('li');
  const link = document.createElement('a');
  link.href = href;
  link.textContent = app.title;
  link.dataset.app = app.name;
  const blurb = document.createElement('p');
  blurb.textContent = app.blurb;
  item.append(link, blurb);
  list.append(item);
}
