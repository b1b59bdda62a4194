import type { VisualMarker } from '@palm/contracts';
import type { PhotoMeasurements } from './photo-measurements';

type SkinRegion = NonNullable<PhotoMeasurements['skin']>;

const toPercent = (fraction: number) => Math.round(Math.min(98, Math.max(2, fraction * 100)) * 10) / 10;

/**
 * Markers placed from the outline of the skin region only, so they are approximate and say so.
 * The upper palm and wrist are placed only when the outline stands upright (fingers up, the usual
 * way a palm is photographed); on a sideways outline their direction is unknown.
 */
export function palmMarkers(photo: PhotoMeasurements, skin: SkinRegion): VisualMarker[] {
  const { centroid, box } = skin;
  const markers: VisualMarker[] = [
    {
      id: 'palm-centre',
      label: 'Palm centre · Hast madhya',
      description: 'The centre of your hand as found in the photo; the plain of Mars lies here.',
      style: 'point',
      coordinates: { x: toPercent(centroid.x), y: toPercent(centroid.y) },
    },
  ];
  const outlineHeight = (box.bottom - box.top) * photo.height;
  const outlineWidth = (box.right - box.left) * photo.width;
  if (outlineHeight < outlineWidth * 0.9) return markers;

  const boxHeight = box.bottom - box.top;
  markers.push(
    {
      id: 'upper-palm',
      label: 'Mounts below the fingers · Parvat',
      description: 'Approximate place of the mounts of Guru, Shani, Surya and Budh, below the fingers.',
      style: 'area',
      coordinates: {
        x: toPercent(centroid.x),
        y: toPercent(Math.max(box.top, centroid.y - 0.17 * boxHeight)),
      },
    },
    {
      id: 'wrist',
      label: 'Wrist lines · Manibandh',
      description: 'Approximate place of the wrist, where the bracelet lines lie.',
      style: 'area',
      coordinates: {
        x: toPercent(centroid.x),
        y: toPercent(Math.min(box.bottom, centroid.y + 0.2 * boxHeight)),
      },
    },
  );
  return markers;
}
