import { afterEach, describe, expect, it, vi } from 'vitest';
import { type LoadingElement, loadingText, loadingView, showLoading } from './loading-line.js';

/** A stand-in for the `#loading` element: what the view writes, and how often it was removed. */
function fakeElement() {
  const element = {
    textContent: 'Loading physics…' as string | null,
    dataset: {} as Record<string, string | undefined>,
    removed: 0,
    remove() {
      element.removed++;
    },
  };
  return element satisfies LoadingElement;
}

/** Progress as a 3 MB download reports it: 0 first, then chunks, then all of it. */
const RECORDED: [number, number][] = [
  [0, 3_082_103],
  [65_536, 3_082_103],
  [1_540_000, 3_082_103],
  [1_560_000, 3_082_103],
  [3_082_103, 3_082_103],
];

describe('the loading line', () => {
  it('shows the megabytes as they arrive, then that physics is starting, then goes at the first frame', () => {
    const element = fakeElement();
    const view = loadingView(element);
    const texts: (string | null)[] = [];
    for (const [loaded, total] of RECORDED) {
      view.progress(loaded, total);
      if (texts.at(-1) !== element.textContent) texts.push(element.textContent);
    }
    expect(texts).toEqual([
      'Loading physics… 0.0 / 3.1 MB',
      'Loading physics… 0.1 / 3.1 MB',
      'Loading physics… 1.5 / 3.1 MB',
      'Loading physics… 1.6 / 3.1 MB',
      'Starting physics…',
    ]);
    expect(element.dataset).toEqual({ loaded: '3082103', total: '3082103' });
    expect(element.removed).toBe(0);
    view.done();
    view.done(); // every frame calls it
    expect(element.removed).toBe(1);
    view.fail(new Error('later')); // a stop after the first frame is the status line's to say
    view.progress(1, 2);
    expect(element.textContent).toBe('Starting physics…');
    expect(element.dataset.failed).toBeUndefined();
  });

  it('says why loading failed, the first reason, and stays', () => {
    const element = fakeElement();
    const view = loadingView(element);
    view.progress(...RECORDED[1]!);
    view.fail(new Error("Rapier's WebAssembly did not load from /a.wasm: HTTP 404 Not Found"));
    expect(element.textContent).toBe(
      "Physics could not load: Rapier's WebAssembly did not load from /a.wasm: HTTP 404 Not Found",
    );
    expect(element.dataset.failed).toBe('');
    expect(element.removed).toBe(0);
    view.fail(new TypeError("Cannot read properties of undefined (reading 'receive')"));
    expect(element.textContent).toMatch(/HTTP 404 Not Found$/); // the cause, not what followed
    const other = fakeElement();
    loadingView(other).fail('worker failed'); // what a worker's error event gives: a string
    expect(other.textContent).toBe('Physics could not load: worker failed');
  });

  it('writes the text only when it changes, not for every chunk', () => {
    const element = fakeElement();
    let writes = 0;
    let text: string | null = '';
    Object.defineProperty(element, 'textContent', {
      get: () => text,
      set: (value: string | null) => {
        writes++;
        text = value;
      },
    });
    const view = loadingView(element);
    for (const [loaded, total] of RECORDED) view.progress(loaded, total);
    view.progress(3_082_103, 3_082_103);
    expect(writes).toBe(5); // five texts, the last one twice
  });

  it('counts the whole file as starting, never as 3.1 / 3.1 MB still loading', () => {
    expect(loadingText(3_082_102, 3_082_103)).toBe('Loading physics… 3.1 / 3.1 MB');
    expect(loadingText(3_082_103, 3_082_103)).toBe('Starting physics…');
  });
});

describe('showLoading', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** A document whose createElement makes a stand-in element, noting its attributes. */
  function stubDocument() {
    const element = { ...fakeElement(), id: '', attributes: {} as Record<string, string> };
    const setAttribute = (name: string, value: string) => {
      element.attributes[name] = value;
    };
    const body = { append: vi.fn() };
    vi.stubGlobal('document', {
      body,
      createElement: (tag: string) => (tag === 'p' ? { ...element, setAttribute } : null),
    });
    return body;
  }

  it('puts the #loading line, a status, on the page at once, and drives it', () => {
    const parent = { append: vi.fn() };
    const body = stubDocument();
    const view = showLoading(parent as unknown as HTMLElement);
    expect(body.append).not.toHaveBeenCalled();
    const shown = parent.append.mock.calls[0]![0];
    expect(shown.id).toBe('loading');
    expect(shown.attributes).toEqual({ role: 'status' });
    expect(shown.textContent).toBe('Loading physics…');
    view.progress(2_000_000, 3_000_000);
    expect(shown.textContent).toBe('Loading physics… 2.0 / 3.0 MB');
  });

  it('goes on the page’s body when no parent is given', () => {
    const body = stubDocument();
    showLoading();
    expect(body.append).toHaveBeenCalledOnce();
  });
});
