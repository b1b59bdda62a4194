import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { GraphModel } from '@tensorflow/tfjs-converter';
import type * as Tf from '@tensorflow/tfjs-core';
import type { Point, WorldPoint } from '../palm-observation';
import { LANDMARK_MODEL_OUTPUTS, MODEL_INPUT_SIZE } from '@palm/hand-pose';

/** The MediaPipe hand-landmark network ("full"), vendored with its licence in services/palm-engine/models. */
const MODEL_FILE = fileURLToPath(new URL('../../models/handlandmark-full.json', import.meta.url));

const LANDMARK_COUNT = 21;

export interface LandmarkPrediction {
  /** 21 points in crop pixels (0–224). */
  landmarks: Point[];
  /** The same 21 points in metres, x right and y down along the crop's axes, z away from the camera. */
  worldLandmarks: WorldPoint[];
  /** Probability that the crop holds a hand. */
  presence: number;
  /** > 0.5: a right hand on a non-mirrored photo. */
  handedness: number;
}

export interface HandLandmarkModel {
  predict(input: Float32Array): Promise<LandmarkPrediction>;
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  weightsManifest: { paths: string[]; weights: Tf.io.WeightsManifestEntry[] }[];
}

let backendReady: Promise<typeof Tf> | undefined;

/**
 * TensorFlow.js is imported here, when the model is first loaded, not when the engine's module is:
 * processes that bundle the engine without reading palms (the migrate role) never load it.
 * The WASM backend runs the network about 30× faster than the pure-JS CPU one. In Node its
 * Emscripten loader reads the .wasm files with `fs` from the folder given here; threads stay off
 * because the threaded build spawns workers from Blob URLs, which Node cannot load.
 */
function initialiseBackend(): Promise<typeof Tf> {
  backendReady ??= (async () => {
    const [tf, { setWasmPaths }] = await Promise.all([
      import('@tensorflow/tfjs-core'),
      import('@tensorflow/tfjs-backend-wasm'),
    ]);
    const require = createRequire(import.meta.url);
    const packageDir = path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json'));
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    setWasmPaths(`${packageDir}/dist/`);
    if (!(await tf.setBackend('wasm'))) throw new Error('The TensorFlow.js WASM backend could not start');
    await tf.ready();
    return tf;
  })();
  return backendReady;
}

/** Node's fetch cannot read file:// URLs, so the weights come from disk through a custom IO handler. */
async function readModelArtifacts(file: string): Promise<Tf.io.ModelArtifacts> {
  const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
  const buffers = await Promise.all(
    json.weightsManifest
      .flatMap((group) => group.paths)
      .map((name) => readFile(path.join(path.dirname(file), name))),
  );
  const weights = Buffer.concat(buffers);
  return {
    modelTopology: json.modelTopology,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy ?? null,
    signature: json.signature,
    weightSpecs: json.weightsManifest.flatMap((group) => group.weights),
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength),
  };
}

class TfjsHandLandmarkModel implements HandLandmarkModel {
  constructor(
    private readonly tf: typeof Tf,
    private readonly graph: GraphModel,
  ) {}

  async predict(input: Float32Array): Promise<LandmarkPrediction> {
    const { tf } = this;
    const outputs = tf.tidy(() => {
      const batch = tf.tensor4d(input, [1, MODEL_INPUT_SIZE, MODEL_INPUT_SIZE, 3]);
      return this.graph.execute(batch, LANDMARK_MODEL_OUTPUTS) as Tf.Tensor[];
    });
    try {
      const [coordinates, presence, handedness, world] = await Promise.all(
        outputs.map((output) => output.data()),
      );
      const landmarks: Point[] = [];
      const worldLandmarks: WorldPoint[] = [];
      for (let i = 0; i < LANDMARK_COUNT; i++) {
        landmarks.push({ x: coordinates![i * 3]!, y: coordinates![i * 3 + 1]! });
        worldLandmarks.push({ x: world![i * 3]!, y: world![i * 3 + 1]!, z: world![i * 3 + 2]! });
      }
      return { landmarks, worldLandmarks, presence: presence![0]!, handedness: handedness![0]! };
    } finally {
      tf.dispose(outputs);
    }
  }
}

export async function loadHandLandmarkModel(file = MODEL_FILE): Promise<HandLandmarkModel> {
  const tf = await initialiseBackend();
  const { loadGraphModel } = await import('@tensorflow/tfjs-converter');
  const graph = await loadGraphModel({ load: () => readModelArtifacts(file) });
  return new TfjsHandLandmarkModel(tf, graph);
}
