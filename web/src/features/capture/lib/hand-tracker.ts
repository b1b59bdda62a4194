import {
  cropAxes,
  cropToImage,
  cropVectorToImage,
  LANDMARK_COUNT,
  LANDMARK_MODEL_OUTPUTS,
  MIN_PRESENCE,
  MODEL_INPUT_SIZE,
  windowAroundHand,
  type CaptureFrame,
  type CropWindow,
  type HandDetection,
} from '@palm/hand-pose';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type * as Tf from '@tensorflow/tfjs-core';
import { framePalmSharpness } from './palm-sharpness';

/** Something a frame can be drawn from: the camera's video, or a photo. */
export interface FrameSource {
  source: CanvasImageSource;
  width: number;
  height: number;
}

/** Finds and follows a hand across camera frames with the hand-landmark network, in the page. */
export interface HandTracker {
  analyse(frame: FrameSource, time: number): Promise<CaptureFrame>;
  /**
   * The palm's sharpness on the frame an analysis found this hand in (framePalmSharpness); undefined
   * without a hand. Apart from `analyse`: it redraws the palm, so the live capture asks only when it matters.
   */
  sharpness(frame: FrameSource, detection: HandDetection): number | undefined;
  /** Forgets the hand followed so far: the next frame is searched afresh. */
  reset(): void;
}

/**
 * TensorFlow.js with its WASM backend, loaded on first use (only when the guided camera opens or
 * a photo is checked): none of it is part of the landing page's scripts. The binaries and the
 * model come from our own origin (web/build/hand-model.plugin.ts).
 */
async function loadModel(): Promise<{ tf: typeof Tf; graph: GraphModel }> {
  const [tf, { setWasmPaths }, { loadGraphModel }] = await Promise.all([
    import('@tensorflow/tfjs-core'),
    import('@tensorflow/tfjs-backend-wasm'),
    import('@tensorflow/tfjs-converter'),
  ]);
  // The threaded build needs a cross-origin-isolated page; the site is not one, so it is not shipped.
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  setWasmPaths(__HAND_MODEL__.wasm);
  if (!(await tf.setBackend('wasm'))) throw new Error('The hand model could not start in this browser');
  await tf.ready();
  const graph = await loadGraphModel(__HAND_MODEL__.model);
  return { tf, graph };
}

let modelReady: Promise<{ tf: typeof Tf; graph: GraphModel }> | undefined;

/**
 * The seeds tried, one a frame, while no hand is followed: the whole frame, then its middle at
 * half size (a hand held far from the camera). The hand is held upright, so no turned seeds.
 */
function seedWindows(width: number, height: number): CropWindow[] {
  const center = { x: width / 2, y: height / 2 };
  const size = Math.max(width, height);
  return [
    { center, size, rotation: 0 },
    { center, size: size / 2, rotation: 0 },
  ];
}

/**
 * A crop framed from the previous frame's landmarks drifts (each answer frames a slightly smaller
 * hand), so crops are framed from an anchor instead: a fresh search of the frame, refined once,
 * renewed every this many frames. Each frame's answer is then the second refinement, as on the server.
 */
const RESEARCH_EVERY = 5;
/** A refinement that still sees a hand this surely keeps following it. */
const FOLLOW_PRESENCE = MIN_PRESENCE;
/** The crop's middle half: where the palm sits in a crop framed around the hand. */
const PALM_REGION = { from: MODEL_INPUT_SIZE / 4, to: (MODEL_INPUT_SIZE * 3) / 4 };

export async function createHandTracker(): Promise<HandTracker> {
  modelReady ??= loadModel();
  const { tf, graph } = await modelReady;
  const canvas = document.createElement('canvas');
  canvas.width = MODEL_INPUT_SIZE;
  canvas.height = MODEL_INPUT_SIZE;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  const palmContext = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context || !palmContext) throw new Error('This browser cannot draw the camera picture');

  /** The crop as RGB floats in 0–1 and the mean grey level of its middle. */
  const readCrop = (frame: FrameSource, window: CropWindow) => {
    const { right, down } = cropAxes(window);
    const k = MODEL_INPUT_SIZE / window.size;
    const half = MODEL_INPUT_SIZE / 2;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.fillStyle = '#000';
    context.fillRect(0, 0, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE);
    // Image → crop pixels: the inverse of cropToImage, outside the frame black like MediaPipe's letter-boxing.
    context.setTransform(
      k * right.x,
      k * down.x,
      k * right.y,
      k * down.y,
      half - k * (right.x * window.center.x + right.y * window.center.y),
      half - k * (down.x * window.center.x + down.y * window.center.y),
    );
    context.drawImage(frame.source, 0, 0, frame.width, frame.height);
    const { data } = context.getImageData(0, 0, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE);
    const input = new Float32Array(MODEL_INPUT_SIZE * MODEL_INPUT_SIZE * 3);
    let grey = 0;
    let count = 0;
    for (let pixel = 0, i = 0; pixel < MODEL_INPUT_SIZE * MODEL_INPUT_SIZE; pixel++, i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      input[pixel * 3] = r / 255;
      input[pixel * 3 + 1] = g / 255;
      input[pixel * 3 + 2] = b / 255;
      const [u, v] = [pixel % MODEL_INPUT_SIZE, Math.floor(pixel / MODEL_INPUT_SIZE)];
      if (u >= PALM_REGION.from && u < PALM_REGION.to && v >= PALM_REGION.from && v < PALM_REGION.to) {
        grey += 0.299 * r + 0.587 * g + 0.114 * b;
        count++;
      }
    }
    return { input, brightness: grey / (count || 1) };
  };

  const detect = async (frame: FrameSource, window: CropWindow) => {
    const { input, brightness } = readCrop(frame, window);
    const outputs = tf.tidy(
      () =>
        graph.execute(
          tf.tensor4d(input, [1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3]),
          LANDMARK_MODEL_OUTPUTS,
        ) as Tf.Tensor[],
    );
    try {
      const [coordinates, presence, handedness, world] = await Promise.all(
        outputs.map((output) => output.data()),
      );
      const detection: HandDetection = {
        landmarks: [],
        worldLandmarks: [],
        presence: presence![0]!,
        handedness: handedness![0]!,
      };
      for (let i = 0; i < LANDMARK_COUNT; i++) {
        detection.landmarks.push(cropToImage(window, coordinates![i * 3]!, coordinates![i * 3 + 1]!));
        detection.worldLandmarks.push(
          cropVectorToImage(window, { x: world![i * 3]!, y: world![i * 3 + 1]!, z: world![i * 3 + 2]! }),
        );
      }
      return { detection, brightness };
    } finally {
      tf.dispose(outputs);
    }
  };

  let anchor: HandDetection | undefined;
  let nextSeed = 0;
  let frameCount = 0;

  /** A seed crop and, if it sees a hand, one refinement around it. */
  const search = async (frame: FrameSource) => {
    const seeds = seedWindows(frame.width, frame.height);
    // While a hand is held, only the whole frame: the half-size seed would find part of a near hand.
    const seed = await detect(frame, anchor ? seeds[0]! : seeds[nextSeed++ % seeds.length]!);
    return seed.detection.presence >= FOLLOW_PRESENCE
      ? detect(frame, windowAroundHand(seed.detection.landmarks))
      : seed;
  };

  return {
    reset() {
      anchor = undefined;
    },
    sharpness(frame, detection) {
      return detection.presence >= MIN_PRESENCE
        ? framePalmSharpness(frame, detection.landmarks, palmContext)
        : undefined;
    },
    async analyse(frame, time) {
      const asFrame = (found: { detection: HandDetection; brightness: number }): CaptureFrame => ({
        time,
        frame: { width: frame.width, height: frame.height },
        detection: found.detection,
        brightness: found.brightness,
      });
      let current = anchor;
      if (!current || frameCount++ % RESEARCH_EVERY === 0) {
        const fresh = await search(frame);
        if (fresh.detection.presence >= FOLLOW_PRESENCE) current = fresh.detection;
        else if (!current) return asFrame(fresh);
      }
      const found = await detect(frame, windowAroundHand(current.landmarks));
      anchor = found.detection.presence >= FOLLOW_PRESENCE ? current : undefined;
      return asFrame(found);
    },
  };
}
