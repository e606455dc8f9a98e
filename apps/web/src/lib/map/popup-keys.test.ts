import { describe, expect, it } from 'vitest';
import type { Map as MapLibreMap, Popup } from 'maplibre-gl';
import { closeOnEscape } from './popup-keys';

/** Just enough of a map (its container and canvas) and a popup (remove) for the key handling. */
function setup() {
  const container = document.createElement('div');
  const canvas = document.createElement('canvas');
  canvas.tabIndex = 0;
  const popupElement = document.createElement('button');
  container.append(canvas, popupElement);
  const opener = document.createElement('button');
  const elsewhere = document.createElement('input');
  document.body.append(container, opener, elsewhere);
  let removed = 0;
  const map = { getContainer: () => container, getCanvas: () => canvas } as unknown as MapLibreMap;
  const popup = {
    remove: () => {
      removed++;
      popupElement.remove();
    },
  } as unknown as Popup;
  return { map, popup, canvas, popupElement, opener, elsewhere, removed: () => removed };
}
const escape = (target: Element) => target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));

describe('Escape closes a map popup (issue 19)', () => {
  it('from inside the popup: it closes and focus returns to what opened it', () => {
    const s = setup();
    s.opener.focus();
    const stop = closeOnEscape(s.map, s.popup);
    s.popupElement.focus();
    escape(s.popupElement);
    expect(s.removed()).toBe(1);
    expect(s.opener).toHaveFocus();
    stop();
  });

  it('from the map canvas too; focus stays on the map when nothing focusable opened it', () => {
    const s = setup();
    (document.activeElement as HTMLElement | null)?.blur();
    const stop = closeOnEscape(s.map, s.popup);
    s.canvas.focus();
    escape(s.canvas);
    expect(s.removed()).toBe(1);
    expect(s.canvas).toHaveFocus();
    stop();
  });

  it('not from elsewhere on the page (a dialog the popup opened), and not once cleaned up', () => {
    const s = setup();
    const stop = closeOnEscape(s.map, s.popup);
    escape(s.elsewhere);
    expect(s.removed()).toBe(0);
    stop();
    escape(s.popupElement);
    expect(s.removed()).toBe(0);
  });
});
