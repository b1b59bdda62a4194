import type { ActiveFlow } from '@palm/contracts';
import type { AnswerResponse } from './wizard-answers';

/**
 * The wizard's place survives a reload (or the phone's camera app reloading the tab): the step and
 * the text answers in sessionStorage, the photo and its frames in IndexedDB (files do not fit in
 * sessionStorage). Kept per tab, for the flow version answered, and cleared once the reading is made.
 */
const SESSION_KEY = 'palm:wizard';
const DATABASE = 'palm-wizard';
const STORE = 'photo';
const PHOTO_KEY = 'current';

interface SavedAnswers {
  flowId: number;
  flowVersion: number;
  index: number;
  answers: [number, string | string[]][];
}

interface SavedPhoto {
  questionId: number;
  photo: File;
  frames: File[];
}

export interface SavedWizard {
  index: number;
  responses: ReadonlyMap<number, AnswerResponse>;
  palmFrames: File[];
}

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
  });
}

async function withStore<T>(
  mode: IDBTransactionMode,
  run: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openDatabase();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = run(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    database.close();
  }
}

const storageAvailable = () => typeof indexedDB !== 'undefined' && typeof sessionStorage !== 'undefined';

/** This tab's saved step and answers, when they are for this flow version. */
function savedAnswersFor(flow: ActiveFlow): SavedAnswers | undefined {
  if (!storageAvailable()) return undefined;
  const raw = sessionStorage.getItem(SESSION_KEY);
  if (!raw) return undefined;
  const saved = JSON.parse(raw) as SavedAnswers;
  return saved.flowId === flow.id && saved.flowVersion === flow.version ? saved : undefined;
}

/** Whether this tab holds a wizard in progress for this flow version (answered synchronously, so a fresh start renders at once). */
export function hasSavedWizard(flow: ActiveFlow): boolean {
  return savedAnswersFor(flow) !== undefined;
}

export async function loadWizard(flow: ActiveFlow): Promise<SavedWizard | undefined> {
  const saved = savedAnswersFor(flow);
  if (!saved) return undefined;
  const responses = new Map<number, AnswerResponse>(saved.answers);
  const photo = (await withStore('readonly', (store) => store.get(PHOTO_KEY) as IDBRequest<unknown>)) as
    SavedPhoto | undefined;
  if (photo) responses.set(photo.questionId, photo.photo);
  return {
    index: Math.min(saved.index, flow.questions.length - 1),
    responses,
    palmFrames: photo?.frames ?? [],
  };
}

export async function saveWizard(
  flow: ActiveFlow,
  wizard: SavedWizard,
  photoChanged: boolean,
): Promise<void> {
  if (!storageAvailable()) return;
  const answers = [...wizard.responses].filter(
    (entry): entry is [number, string | string[]] => !(entry[1] instanceof File),
  );
  const saved: SavedAnswers = { flowId: flow.id, flowVersion: flow.version, index: wizard.index, answers };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(saved));
  if (!photoChanged) return;
  const photo = [...wizard.responses].find((entry): entry is [number, File] => entry[1] instanceof File);
  if (photo) {
    const stored: SavedPhoto = { questionId: photo[0], photo: photo[1], frames: wizard.palmFrames };
    await withStore('readwrite', (store) => store.put(stored, PHOTO_KEY));
  } else {
    await withStore('readwrite', (store) => store.delete(PHOTO_KEY));
  }
}

export async function clearWizard(): Promise<void> {
  if (!storageAvailable()) return;
  sessionStorage.removeItem(SESSION_KEY);
  await withStore('readwrite', (store) => store.delete(PHOTO_KEY));
}
