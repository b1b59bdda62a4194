/** MediaPipe hand-landmark indices. */
export const WRIST = 0;
export const THUMB = [1, 2, 3, 4] as const;
export const INDEX = [5, 6, 7, 8] as const;
export const MIDDLE = [9, 10, 11, 12] as const;
export const RING = [13, 14, 15, 16] as const;
export const LITTLE = [17, 18, 19, 20] as const;
/** The four long fingers, each as [knuckle (MCP), middle joint (PIP), top joint (DIP), tip]. */
export const LONG_FINGERS = [INDEX, MIDDLE, RING, LITTLE] as const;
