import * as z from 'zod/mini';
import { CountSchema, IdSchema, IsoTimeSchema, wellFormed } from './common';
import { UploadFieldsSchema, VideoSchema } from './content';
import { MAX_POSTER_SIZES, PosterSizeUrlSchema } from './posters';

/*
 * Video uploads (content §4, §5, §7; DESIGN.md §6): the spec's one-request upload for small files
 * and a resumable multipart upload into R2 for large ones. Both end in the same answer.
 */

/** Frame sizes a browser reports for a video (`videoWidth`/`videoHeight`); 0 when unknown. */
const DimensionSchema = z.int().check(z.nonnegative(), z.lte(16_384));

/** The poster frame, uploaded through `POST /api/files/image` (content-addressed PNG or JPEG). */
export const PosterUrlSchema = z
  .string()
  .check(z.regex(/^\/media\/images\/[0-9a-f]{64}\.(png|jpg)$/, 'Use a poster uploaded as an image'));

/**
 * `POST /videos/upload/file` text fields (multipart, so every value arrives as a string), plus the
 * frame size the browser read from the file; the poster frame travels as the file field `poster`,
 * its card widths (schema/posters.ts) as the repeated file field `posterSizes`.
 */
export const DirectUploadFieldsSchema = z.extend(UploadFieldsSchema, {
  width: z._default(z.coerce.number().check(z.int(), z.nonnegative(), z.lte(16_384)), 0),
  height: z._default(z.coerce.number().check(z.int(), z.nonnegative(), z.lte(16_384)), 0),
});
export type DirectUploadFields = z.infer<typeof DirectUploadFieldsSchema>;

/** `POST /videos/uploads`: starts a resumable upload of one file. */
export const CreateUploadBodySchema = z.object({
  fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(255), wellFormed()),
  size: z.int().check(z.positive()),
  contentType: z.string().check(z.maxLength(100)),
  title: UploadFieldsSchema.shape.title,
  description: UploadFieldsSchema.shape.description,
  userId: IdSchema,
  isPublic: z._default(z.boolean(), true),
  /** Whole seconds (content §5). */
  duration: z.int().check(z.nonnegative()),
  width: z._default(DimensionSchema, 0),
  height: z._default(DimensionSchema, 0),
  thumbnail: z.optional(PosterUrlSchema),
});
export type CreateUploadBody = z.infer<typeof CreateUploadBodySchema>;

/**
 * `POST /videos/uploads/{id}/complete`: the form as it is when the upload finishes. After a resume
 * the creator may have typed the title again, and the poster is made again from the re-picked file.
 */
export const CompleteUploadBodySchema = z.object({
  title: z.optional(UploadFieldsSchema.shape.title),
  description: z.optional(UploadFieldsSchema.shape.description.def.innerType),
  isPublic: z.optional(z.boolean()),
  thumbnail: z.optional(PosterUrlSchema),
  /** The poster at card widths (schema/posters.ts), each uploaded as an image first. */
  posterSizes: z.optional(z.array(PosterSizeUrlSchema).check(z.maxLength(MAX_POSTER_SIZES))),
});
export type CompleteUploadBody = z.infer<typeof CompleteUploadBodySchema>;

/** A part the server holds: R2 has its bytes and D1 its entity tag. */
export const UploadedPartSchema = z.object({ partNumber: CountSchema, size: CountSchema });
export type UploadedPart = z.infer<typeof UploadedPartSchema>;

/** S3 numbers an upload's parts 1 to 10,000. */
const PartNumberSchema = z.int().check(z.gte(1), z.lte(10_000));

/** `POST /videos/uploads/{id}/parts/sign`: the parts the browser is about to send. */
export const SignPartsBodySchema = z.object({
  partNumbers: z.array(PartNumberSchema).check(z.minLength(1), z.maxLength(100)),
});
export type SignPartsBody = z.infer<typeof SignPartsBodySchema>;

/**
 * Presigned S3 `UploadPart` URLs (DESIGN.md §6): the browser PUTs each part's bytes straight to
 * object storage (R2's S3 API, or the worker's `/s3` locally) and reads the ETag it answers.
 */
export const PartUrlsSchema = z.object({
  parts: z.array(z.object({ partNumber: PartNumberSchema, url: z.string() })),
  expiresAt: IsoTimeSchema,
});
export type PartUrls = z.infer<typeof PartUrlsSchema>;

/** `PUT /videos/uploads/{id}/parts/{n}`: the ETag storage answered for part n, to complete with. */
export const RecordPartBodySchema = z.object({
  etag: z.string().check(z.minLength(1), z.maxLength(200)),
});
export type RecordPartBody = z.infer<typeof RecordPartBodySchema>;

/** A resumable upload as its owner sees it: enough to resume from the last confirmed part. */
export const UploadSessionSchema = z.object({
  id: IdSchema,
  /** R2's multipart upload id (for presigned part URLs in production, DESIGN.md §6). */
  multipartUploadId: z.string(),
  status: z.enum(['uploading', 'completed']),
  fileName: z.string(),
  size: CountSchema,
  contentType: z.string(),
  /** Every part but the last is exactly this long; the server decides it. */
  partSize: CountSchema,
  partCount: CountSchema,
  /** Confirmed parts, by part number. */
  parts: z.array(UploadedPartSchema),
  videoId: z.nullable(IdSchema),
  createdAt: IsoTimeSchema,
});
export type UploadSession = z.infer<typeof UploadSessionSchema>;

/**
 * What both uploads answer (content §7: success, data{type}): the new video, whose `type` says
 * whether it became a short (vertical and at most 60 s) or a video.
 */
export const UploadResultSchema = z.object({ success: z.literal(true), data: VideoSchema });
export type UploadResult = z.infer<typeof UploadResultSchema>;

/** Longest short in whole seconds: a vertical video up to a minute becomes a short. */
export const SHORT_MAX_SECONDS = 60;

/** The video type an upload becomes: 'short' when vertical (height > width) and at most 60 s. */
export const detectVideoType = (video: { width: number; height: number; duration: number }) =>
  video.height > video.width && video.duration <= SHORT_MAX_SECONDS ? 'short' : 'video';

const MiB = 1024 * 1024;

/** Default cap on one video (the worker's `MAX_UPLOAD_BYTES` var overrides it): 4 GiB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 4 * 1024 * MiB;

/**
 * The one-request upload is read into the worker's memory (128 MB), so it takes files up to this
 * size; larger ones go through the resumable multipart upload.
 */
export const DIRECT_UPLOAD_MAX_BYTES = 32 * MiB;

/** The web app sends files below this size in one request and larger ones in parts. */
export const DIRECT_UPLOAD_PREFERRED_BYTES = 20 * MiB;
