import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { checkKey, type BlobStore } from "./blob-store.server";

export interface S3Settings {
  bucket: string;
  /** For S3-compatible stores (MinIO, R2, s3rver); AWS itself needs none. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket.host URLs by default; path-style (host/bucket) for most S3-compatible stores. */
  forcePathStyle: boolean;
}

/** Any S3-compatible store, through the AWS SDK. */
export function s3Store(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: body, ContentType: contentType }));
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      await client.send(new PutObjectCommand({ Bucket, Key: checkKey(key), Body: createReadStream(path), ContentLength: size, ContentType: contentType }));
    },
    async get(key, range) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
  };
}
