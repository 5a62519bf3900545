/**
 * What the browser itself says is listening on an event target, through the Chrome DevTools
 * Protocol (DOMDebugger.getEventListeners), for tests that prove a `dispose()` leaves nothing
 * behind: a leaked listener changes no behaviour a test could observe, it only keeps the object
 * (and whatever it holds) alive. Browser-only: it imports `vitest/browser`.
 */
import { cdp } from 'vitest/browser';

const MARK = 'data-listener-probe';
const PROBE = '__loopListenerProbe';

interface DomNode {
  backendNodeId: number;
  attributes?: string[];
  children?: DomNode[];
  contentDocument?: DomNode;
}

/** The node carrying the probe mark, anywhere in the page, iframes included. */
function findMarked(node: DomNode): DomNode | undefined {
  if (node.attributes?.includes(MARK)) return node;
  for (const child of [
    ...(node.children ?? []),
    ...(node.contentDocument ? [node.contentDocument] : []),
  ]) {
    const found = findMarked(child);
    if (found) return found;
  }
  return undefined;
}

/**
 * The event types of every listener on `target` (one entry per listener, sorted). Tests run in
 * an iframe, and CDP reports only the listeners of the JavaScript context it looks from: so the
 * test frame's body is found in the page's DOM, resolved in its own frame, and the target read
 * from there.
 */
export async function listenerTypes(target: EventTarget): Promise<string[]> {
  const frame = window as unknown as Record<string, unknown>;
  frame[PROBE] = target;
  document.body.setAttribute(MARK, '');
  try {
    const session = cdp();
    const { root } = (await session.send('DOM.getDocument', { depth: -1, pierce: true })) as {
      root: DomNode;
    };
    const body = findMarked(root);
    if (!body) throw new Error('the test frame was not found in the page');
    const { object } = (await session.send('DOM.resolveNode', {
      backendNodeId: body.backendNodeId,
    })) as { object: { objectId: string } };
    const { result } = (await session.send('Runtime.callFunctionOn', {
      objectId: object.objectId,
      functionDeclaration: `function () { return this.ownerDocument.defaultView.${PROBE}; }`,
    })) as { result: { objectId: string } };
    const { listeners } = (await session.send('DOMDebugger.getEventListeners', {
      objectId: result.objectId,
    })) as { listeners: { type: string }[] };
    return listeners.map((l) => l.type).sort();
  } finally {
    document.body.removeAttribute(MARK);
    delete frame[PROBE];
  }
}
