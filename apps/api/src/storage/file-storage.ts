import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where document bytes live: local disk under DATA_DIR/files by default. */
export interface FileStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

export function localFileStorage(root: string): FileStorage {
  // Keys are our own uuids; refuse anything that could leave the root.
  const resolve = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error(`Bad storage key ${key}`);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async put(key, bytes) {
      const file = resolve(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    },
    get: (key) => readFile(resolve(key)),
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

export interface S3Settings {
  endpoint?: string | undefined;
  bucket: string;
  region: string;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
}

/** Any S3-compatible store (AWS S3, MinIO, R2, …) when S3_BUCKET is set (DESIGN §2). */
export async function s3FileStorage(settings: S3Settings): Promise<FileStorage> {
  const { S3Client, GetObjectCommand, PutObjectCommand, DeleteObjectCommand } = await import(
    '@aws-sdk/client-s3'
  );
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint, forcePathStyle: true } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  });
  const key = (id: string) => {
    if (!/^[\w-]+$/.test(id)) throw new Error(`Bad storage key ${id}`);
    return `documents/${id}`;
  };
  return {
    async put(id, bytes) {
      await client.send(new PutObjectCommand({ Bucket: settings.bucket, Key: key(id), Body: bytes }));
    },
    async get(id) {
      const object = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
      if (!object.Body) throw new Error(`Empty object ${id}`);
      return Buffer.from(await object.Body.transformToByteArray());
    },
    async delete(id) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: key(id) }));
    },
  };
}

/** S3 when S3_BUCKET is set, else local disk under DATA_DIR/files. */
export function createFileStorage(config: {
  filesDir: string;
  s3: {
    endpoint?: string | undefined;
    bucket?: string | undefined;
    region: string;
    accessKeyId?: string | undefined;
    secretAccessKey?: string | undefined;
  };
}): Promise<FileStorage> {
  const { bucket, ...rest } = config.s3;
  if (bucket) return s3FileStorage({ ...rest, bucket });
  return Promise.resolve(localFileStorage(config.filesDir));
}
