import type { VisualMarker } from '@palm/contracts';
import type { Page } from 'playwright-core';
import type { PageElement, PageGlobals } from './page-dom';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Markers are laid out on the photo's size, and laid out again when it changes (the photo
 * arriving, a scrollbar appearing): wait until the layout drawn matches the photo as it is now.
 */
export async function markersLaidOut(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const { document } = globalThis as unknown as PageGlobals;
    const photo = document.querySelector('.palm-figure__image')?.getBoundingClientRect();
    const viewBox = document.querySelector('.palm-leaders')?.getAttribute('viewBox');
    if (!photo || !viewBox) return false;
    const [, , width, height] = viewBox.split(' ').map(Number);
    return Math.abs(photo.width - width!) < 0.5 && Math.abs(photo.height - height!) < 0.5;
  });
}

/** Where the leader lines start, in pixels of the photo. */
export async function leaderAnchors(page: Page): Promise<[number, number][]> {
  const dots = await page
    .locator('.palm-leader__anchor')
    .evaluateAll((circles: PageElement[]) =>
      circles.map((circle) => [circle.getAttribute('cx'), circle.getAttribute('cy')]),
    );
  return dots.map(([cx, cy]) => [Number(cx), Number(cy)]);
}

/**
 * A marker sits on its coordinates (x % from the photo's left edge, y % from its top), or, where
 * the layout moved it off a crowded spot, a leader line ties it back to them.
 */
export function tiedToItsAnchor(
  marker: Pick<VisualMarker, 'coordinates'>,
  box: Box,
  photo: Box,
  anchors: readonly [number, number][],
): boolean {
  const expected = {
    x: (photo.width * marker.coordinates.x) / 100,
    y: (photo.height * marker.coordinates.y) / 100,
  };
  const near = (x: number, y: number) => Math.abs(x - expected.x) < 2 && Math.abs(y - expected.y) < 2;
  return (
    near(box.x + box.width / 2 - photo.x, box.y + box.height / 2 - photo.y) ||
    anchors.some(([cx, cy]) => near(cx, cy))
  );
}
