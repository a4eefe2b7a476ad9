import { MAX_POSTER_SIZES, POSTER_SIZE_MAX_BYTES, POSTER_SIZE_MAX_WIDTH } from '../../../schema/posters';
import { ApiError, badRequest } from '../../lib/errors';
import { sniffImageType } from '../files/image-type';
import { storeImage } from '../files/service';
import { imageWidth } from './image-width';

/** A poster size that passed every check, not yet stored. */
export type CheckedPosterSize = { file: File; width: number };
/** A poster size as a video row's `video_posters` row holds it. */
export type StoredPosterSize = { key: string; width: number };

/** The multipart field (repeated) that carries the sizes of the one-request upload. */
export const POSTER_SIZES_FIELD = 'posterSizes';

const sizeTooLarge = () =>
  new ApiError(
    413,
    'payload_too_large',
    `posterSizes: A poster size may be at most ${POSTER_SIZE_MAX_BYTES / 1024} KB`,
  );
const tooMany = () => badRequest(`posterSizes: Send at most ${MAX_POSTER_SIZES} poster sizes`);

const wrongType = () =>
  new ApiError(415, 'unsupported_media_type', 'posterSizes: Each poster size must be a WebP or JPEG image');

/**
 * Checks one size by its bytes: WebP or JPEG, at most `POSTER_SIZE_MAX_BYTES`, and a width its
 * header states of at most `POSTER_SIZE_MAX_WIDTH`.
 */
const checkPosterSize = async (file: File): Promise<CheckedPosterSize> => {
  if (file.size === 0) throw badRequest('posterSizes: A poster size is empty');
  if (file.size > POSTER_SIZE_MAX_BYTES) throw sizeTooLarge();
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  if (type?.ext !== 'webp' && type?.ext !== 'jpg') throw wrongType();
  const width = imageWidth(bytes, type.ext);
  if (!width) throw wrongType();
  if (width > POSTER_SIZE_MAX_WIDTH) {
    throw badRequest(`posterSizes: A poster size may be at most ${POSTER_SIZE_MAX_WIDTH} px wide`);
  }
  return { file, width };
};

/**
 * Every size checked before any is stored, so a refused set writes nothing: at most
 * `MAX_POSTER_SIZES`, one per width. Answers them narrowest first.
 */
export const checkPosterSizes = async (files: File[]): Promise<CheckedPosterSize[]> => {
  if (files.length > MAX_POSTER_SIZES) throw tooMany();
  const sizes = await Promise.all(files.map(checkPosterSize));
  if (new Set(sizes.map((size) => size.width)).size !== sizes.length) {
    throw badRequest('posterSizes: Send each poster width once');
  }
  return sizes.sort((a, b) => a.width - b.width);
};

/** The sizes of the one-request upload's form (none when the field is absent). */
export const posterSizesFromForm = (form: FormData): Promise<CheckedPosterSize[]> =>
  checkPosterSizes(
    form.getAll(POSTER_SIZES_FIELD).map((value) => {
      if (!(value instanceof File)) throw badRequest('posterSizes: Send each poster size as a file');
      return value;
    }),
  );

/**
 * The sizes a resumable upload names by their `/media/images/...` URLs (uploaded as images first):
 * each read back from R2 and checked like a form's; a missing one is a 400.
 */
export const posterSizesFromUrls = async (bucket: R2Bucket, urls: string[]): Promise<CheckedPosterSize[]> => {
  if (urls.length > MAX_POSTER_SIZES) throw tooMany();
  const files = await Promise.all(
    urls.map(async (url) => {
      const object = await bucket.get(url.replace(/^\/media\//, ''));
      if (!object) throw badRequest('posterSizes: Upload the poster sizes first');
      if (object.size > POSTER_SIZE_MAX_BYTES) throw sizeTooLarge();
      return new File([await object.arrayBuffer()], url);
    }),
  );
  return checkPosterSizes(files);
};

/** Stores the sizes content-addressed in R2 (an existing key is not written again). */
export const storePosterSizes = (bucket: R2Bucket, sizes: CheckedPosterSize[]): Promise<StoredPosterSize[]> =>
  Promise.all(
    sizes.map(async ({ file, width }) => ({
      key: (await storeImage(bucket, file)).url.replace(/^\/media\//, ''),
      width,
    })),
  );

/** Inserts a video's sizes, only once its row exists (a lost completion race inserts nothing). */
export const insertPosterSizeStatements = (db: D1Database, videoId: string, sizes: StoredPosterSize[]) =>
  sizes.map((size) =>
    db
      .prepare(
        `INSERT INTO video_posters (video_id, width, key)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM videos WHERE id = ?1)`,
      )
      .bind(videoId, size.width, size.key),
  );
