/** Where a reading's JSON lives, and what every query key of one reading starts with. */
export const READING_PATH = '/api/reading';

/**
 * The query keys of a reading, apart from the requests that fill them (and the API client those
 * bring), so that the entry script can put a server-rendered report's data under them.
 */
export const readingQueryKey = (id: string) => [READING_PATH, id] as const;
export const readingSharingQueryKey = (id: string) => [READING_PATH, id, 'sharing'] as const;
