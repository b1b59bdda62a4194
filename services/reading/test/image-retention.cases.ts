import { expect, it } from 'vitest';
import { migrate, type BlobStore, type Database, type Logger } from '@palm/platform';
import { READING_MIGRATIONS_TABLE, readingMigrations } from '../src/reading.migrations';
import { readingFrameKeys } from '../src/intake/palm-frames';
import { reportArtifactKeys } from '../src/report/report-artifacts';
import { createImageRetentionSweeper } from '../src/retention/image-retention.sweeper';

const NOW = new Date('2026-06-30T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);

export interface RetentionFixture {
  db: Database;
  blobs: BlobStore;
  logger: Logger;
}

async function storeReading(
  { db, blobs }: RetentionFixture,
  id: string,
  createdAt: Date,
  keys: { image?: string; original?: string },
): Promise<void> {
  for (const key of [keys.image, keys.original]) if (key) await blobs.put(key, JPEG, 'image/jpeg');
  await db('readings').insert({
    id,
    status: keys.image ? 'completed' : 'queued',
    image_key: keys.image ?? null,
    original_image_key: keys.original ?? null,
    submission: JSON.stringify({}),
    created_at: createdAt,
  });
}

const row = (db: Database, id: string) =>
  db('readings')
    .where({ id })
    .first<{ image_key: string | null; original_image_key: string | null; image_removed_at: Date | null }>();

/** The retention sweep's contract, run against whichever database and blob store the caller provides. */
export function imageRetentionCases(setup: () => RetentionFixture): void {
  it('removes the photos of readings past the retention period and keeps the recent ones', async () => {
    const fixture = setup();
    const { db, blobs, logger } = fixture;
    await migrate(db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations });
    await storeReading(fixture, 'oldCompletedReading000', daysAgo(31), { image: 'readings/old/palm.jpg' });
    await storeReading(fixture, 'oldStuckReading0000000', daysAgo(45), {
      original: 'uploads/stuck/original',
    });
    await storeReading(fixture, 'recentReading000000000', daysAgo(29), { image: 'readings/recent/palm.jpg' });

    const sweeper = createImageRetentionSweeper({ db, blobs, logger, retentionDays: 30, now: () => NOW });
    expect(await sweeper.sweep()).toBe(2);

    expect(await blobs.get('readings/old/palm.jpg')).toBeNull();
    expect(await blobs.get('uploads/stuck/original')).toBeNull();
    expect(await blobs.get('readings/recent/palm.jpg')).not.toBeNull();
    for (const id of ['oldCompletedReading000', 'oldStuckReading0000000']) {
      const swept = await row(db, id);
      expect(swept).toMatchObject({ image_key: null, original_image_key: null });
      expect(new Date(swept.image_removed_at as Date).toISOString()).toBe(NOW.toISOString());
    }
    expect(await row(db, 'recentReading000000000')).toMatchObject({
      image_key: 'readings/recent/palm.jpg',
      image_removed_at: null,
    });

    expect(await sweeper.sweep()).toBe(0);
  });

  it('removes the extra frames of a reading that never ended, with its photo', async () => {
    const fixture = setup();
    const { db, blobs, logger } = fixture;
    await migrate(db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations });
    const id = 'neverEndedWithFrames00';
    const frames = readingFrameKeys(id, 2);
    await storeReading(fixture, id, daysAgo(40), { image: `readings/${id}/palm.jpg` });
    for (const key of frames) await blobs.put(key, JPEG, 'image/jpeg');
    await db('readings').where({ id }).update({ status: 'queued', frame_count: 2 });

    const sweeper = createImageRetentionSweeper({ db, blobs, logger, retentionDays: 30, now: () => NOW });
    expect(await sweeper.sweep()).toBe(1);
    for (const key of frames) expect(await blobs.get(key)).toBeNull();
    expect(await db('readings').where({ id }).first()).toMatchObject({ frame_count: 0, image_key: null });
  });

  it('keeps going past a photo it cannot delete and removes it on a later sweep', async () => {
    const fixture = setup();
    const { db, blobs, logger } = fixture;
    await migrate(db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations });
    await storeReading(fixture, 'stubbornReading0000000', daysAgo(60), {
      image: 'readings/stubborn/palm.jpg',
    });
    await storeReading(fixture, 'plainOldReading0000000', daysAgo(50), { image: 'readings/plain/palm.jpg' });

    let storeDown = true;
    const flaky: BlobStore = {
      ...blobs,
      delete: (key) =>
        storeDown && key.includes('stubborn')
          ? Promise.reject(new Error('S3 unreachable'))
          : blobs.delete(key),
    };
    const sweeper = createImageRetentionSweeper({
      db,
      blobs: flaky,
      logger,
      retentionDays: 30,
      batchSize: 1,
      now: () => NOW,
    });
    expect(await sweeper.sweep()).toBe(1);
    expect(await row(db, 'stubbornReading0000000')).toMatchObject({
      image_key: 'readings/stubborn/palm.jpg',
    });
    expect(await blobs.get('readings/plain/palm.jpg')).toBeNull();

    storeDown = false;
    expect(await sweeper.sweep()).toBe(1);
    expect(await blobs.get('readings/stubborn/palm.jpg')).toBeNull();
    expect(await row(db, 'stubbornReading0000000')).toMatchObject({ image_key: null });
  });

  it('sweeps once on start and again on every interval', async () => {
    const fixture = setup();
    const { db, blobs, logger } = fixture;
    await migrate(db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations });
    await storeReading(fixture, 'startReading0000000000', daysAgo(40), { image: 'readings/start/palm.jpg' });
    const sweeper = createImageRetentionSweeper({ db, blobs, logger, intervalMs: 20, now: () => NOW });
    sweeper.start();
    await expect.poll(() => blobs.get('readings/start/palm.jpg')).toBeNull();

    await storeReading(fixture, 'laterReading0000000000', daysAgo(40), { image: 'readings/later/palm.jpg' });
    await expect.poll(() => blobs.get('readings/later/palm.jpg')).toBeNull();
    await sweeper.stop();
  });

  it('removes the PDF, the share cards and the email delivery records with the photo', async () => {
    const fixture = setup();
    const { db, blobs, logger } = fixture;
    await migrate(db, { table: READING_MIGRATIONS_TABLE, migrations: readingMigrations });
    const oldId = 'sharedOldReading000000';
    const recentId = 'sharedNewReading000000';
    await storeReading(fixture, oldId, daysAgo(31), { image: `readings/${oldId}/palm.jpg` });
    await storeReading(fixture, recentId, daysAgo(2), { image: `readings/${recentId}/palm.jpg` });
    for (const id of [oldId, recentId]) {
      for (const key of reportArtifactKeys(id)) await blobs.put(key, JPEG, 'application/octet-stream');
      await db('reading_deliveries').insert({
        id: `${id}-mail`,
        reading_id: id,
        email: 'visitor@example.com',
        status: 'sent',
        requested_at: daysAgo(1),
      });
    }
    // Asked for after the photo of an old reading was gone: kept no longer than the period either.
    await db('reading_deliveries').insert({
      id: 'late-mail',
      reading_id: recentId,
      email: 'late@example.com',
      status: 'sent',
      requested_at: daysAgo(31),
    });

    const sweeper = createImageRetentionSweeper({ db, blobs, logger, retentionDays: 30, now: () => NOW });
    expect(await sweeper.sweep()).toBe(1);

    for (const key of reportArtifactKeys(oldId)) expect(await blobs.get(key), key).toBeNull();
    for (const key of reportArtifactKeys(recentId)) expect(await blobs.get(key), key).not.toBeNull();
    expect(await db('reading_deliveries').orderBy('id').pluck('id')).toEqual([`${recentId}-mail`]);
  });
}
