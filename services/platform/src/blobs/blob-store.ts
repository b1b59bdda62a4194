/** Where images live: local disk in embedded mode, any S3 (MinIO) in distributed mode. */
export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Resolves null when the key does not exist. */
  get(key: string): Promise<{ data: Buffer; contentType: string } | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Deletes every blob under `folder` (a key prefix without the trailing `/`), whatever their names:
   * what a part of the product kept beside a reading goes with it.
   */
  deleteFolder(folder: string): Promise<void>;
  isReady(): Promise<boolean>;
}
