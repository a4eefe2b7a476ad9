import { configFor } from '../config/config';
import type { S3Target } from './presign';

/**
 * The local S3 endpoint's one key pair. Not a secret: `/s3` answers only while no R2_S3_ENDPOINT is
 * configured, which needs LOCAL_PROVIDERS (worker/config/schema.ts), so no deployed worker takes it.
 */
export const LOCAL_S3_CREDENTIALS = {
  accessKeyId: 'reel-local-access-key',
  secretAccessKey: 'reel-local-secret-for-the-dev-s3-endpoint-only',
} as const;

/** wrangler.toml's bucket_name of the MEDIA binding, the local default. */
const LOCAL_BUCKET = 'reel-media';

/** True when part URLs go to R2's S3 API, false when they go to this worker's `/s3`. */
export const usesR2S3Api = (env: Env) => Boolean(configFor(env).R2_S3_ENDPOINT);

/**
 * Where the browser sends parts: R2's S3 API with the R2 token of the config in production, or this
 * worker's own `/s3` at `origin` (the request's origin, so the URL works wherever the app is served).
 */
export const s3TargetFor = (env: Env, origin: string): S3Target => {
  const config = configFor(env);
  if (config.R2_S3_ENDPOINT && config.R2_ACCESS_KEY_ID && config.R2_SECRET_ACCESS_KEY) {
    return {
      endpoint: config.R2_S3_ENDPOINT,
      bucket: config.R2_BUCKET_NAME ?? LOCAL_BUCKET,
      accessKeyId: config.R2_ACCESS_KEY_ID,
      secretAccessKey: config.R2_SECRET_ACCESS_KEY,
    };
  }
  return { endpoint: `${origin}/s3`, bucket: config.R2_BUCKET_NAME ?? LOCAL_BUCKET, ...LOCAL_S3_CREDENTIALS };
};
