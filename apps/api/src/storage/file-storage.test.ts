import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStorage, type FileStorage } from './file-storage';

const bytes = Buffer.from('%PDF-1.4 test document');

async function roundTrip(storage: FileStorage) {
  await storage.put('0b7c5a4e-1111-4222-8333-944445555666', bytes);
  expect(await storage.get('0b7c5a4e-1111-4222-8333-944445555666')).toEqual(bytes);
  await storage.delete('0b7c5a4e-1111-4222-8333-944445555666');
  await expect(storage.get('0b7c5a4e-1111-4222-8333-944445555666')).rejects.toThrow();
  await expect(storage.put('../escape', bytes)).rejects.toThrow(/Bad storage key/);
}

describe('file storage', () => {
  it('keeps documents on local disk by default', async () => {
    const storage = await createFileStorage({
      filesDir: mkdtempSync(path.join(tmpdir(), 'sieve-store-')),
      s3: { region: 'us-east-1' },
    });
    await roundTrip(storage);
  });

  describe('on an S3-compatible store', () => {
    let server: S3rver;
    let endpoint: string;
    beforeAll(async () => {
      server = new S3rver({
        port: 0,
        address: '127.0.0.1',
        silent: true,
        directory: mkdtempSync(path.join(tmpdir(), 'sieve-s3-')),
        configureBuckets: [{ name: 'sieve-docs', configs: [] }],
      });
      const { port } = await server.run();
      endpoint = `http://127.0.0.1:${port}`;
    });
    afterAll(() => server.close());

    it('stores, reads and deletes through the S3 API when S3_BUCKET is set', async () => {
      const storage = await createFileStorage({
        filesDir: '/nonexistent',
        s3: {
          endpoint,
          bucket: 'sieve-docs',
          region: 'us-east-1',
          accessKeyId: 'S3RVER',
          secretAccessKey: 'S3RVER',
        },
      });
      await roundTrip(storage);
    });
  });
});
