import type { CaptureFrame } from '@palm/hand-pose';

/** MediaPipe's hand skeleton: the bones between landmarks. */
const BONES: readonly (readonly [number, number])[] = [
  [0, 1],
  [1, 2],
  [2, 3],
  [3, 4],
  [0, 5],
  [5, 6],
  [6, 7],
  [7, 8],
  [5, 9],
  [9, 10],
  [10, 11],
  [11, 12],
  [9, 13],
  [13, 14],
  [14, 15],
  [15, 16],
  [13, 17],
  [0, 17],
  [17, 18],
  [18, 19],
  [19, 20],
];

/**
 * An open hand's outline, centred in the frame and sized to the framing the guide asks for
 * (about two thirds of the frame's shorter side): the palm and five fingers, as unit offsets.
 */
function drawGuide(context: CanvasRenderingContext2D, width: number, height: number): void {
  const unit = Math.min(width, height) * 0.34;
  const [cx, cy] = [width / 2, height / 2 + unit * 0.35];
  context.save();
  context.setLineDash([unit * 0.06, unit * 0.05]);
  context.lineWidth = Math.max(2, unit * 0.015);
  context.strokeStyle = 'rgba(255, 255, 255, 0.75)';
  context.beginPath();
  context.ellipse(cx, cy, unit * 0.55, unit * 0.62, 0, 0, Math.PI * 2);
  const fingers = [
    { x: -0.36, length: 0.75, angle: -0.12 },
    { x: -0.12, length: 0.85, angle: -0.03 },
    { x: 0.12, length: 0.8, angle: 0.04 },
    { x: 0.34, length: 0.62, angle: 0.14 },
  ];
  for (const finger of fingers) {
    const [bx, by] = [cx + finger.x * unit, cy - unit * 0.55];
    const [tx, ty] = [
      bx + Math.sin(finger.angle) * finger.length * unit,
      by - Math.cos(finger.angle) * finger.length * unit,
    ];
    context.moveTo(bx, by);
    context.lineTo(tx, ty);
  }
  context.moveTo(cx + unit * 0.5, cy + unit * 0.1);
  context.lineTo(cx + unit * 0.95, cy - unit * 0.35);
  context.stroke();
  context.restore();
}

/** Redraws the overlay: the outline guide, and the hand the network sees (green once it passes every check). */
export function drawCaptureOverlay(
  canvas: HTMLCanvasElement,
  frame: CaptureFrame | undefined,
  passing: boolean,
): void {
  const context = canvas.getContext('2d');
  if (!context) return;
  context.clearRect(0, 0, canvas.width, canvas.height);
  drawGuide(context, canvas.width, canvas.height);
  if (!frame || frame.detection.presence < 0.5) return;
  const points = frame.detection.landmarks;
  const scale = Math.min(canvas.width, canvas.height) / 180;
  context.lineWidth = Math.max(2, scale);
  context.strokeStyle = passing ? 'rgb(74, 222, 128)' : 'rgb(251, 191, 36)';
  context.fillStyle = context.strokeStyle;
  context.beginPath();
  for (const [a, b] of BONES) {
    context.moveTo(points[a]!.x, points[a]!.y);
    context.lineTo(points[b]!.x, points[b]!.y);
  }
  context.stroke();
  for (const point of points) {
    context.beginPath();
    context.arc(point.x, point.y, Math.max(3, scale * 1.5), 0, Math.PI * 2);
    context.fill();
  }
}
