import type { Video } from '../../../schema/content';
import { MAX_POSTER_SIZES, POSTER_SIZE_MAX_BYTES } from '../../../schema/posters';
import { type DirectUploadFields, DirectUploadFieldsSchema, detectVideoType } from '../../../schema/uploads';
import type { SessionUser } from '../../../schema/user';
import { ApiError, badRequest } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertSelf } from '../../lib/session';
import { sniffImageType } from '../files/image-type';
import { storeImage } from '../files/service';
import { fileFromForm, readMultipartForm } from '../files/upload-body';
import { directUploadMaxBytes, tooLarge } from './limits';
import {
  type CheckedPosterSize,
  insertPosterSizeStatements,
  posterSizesFromForm,
  storePosterSizes,
} from './poster-sizes';
import { insertVideoStatement, type NewVideo } from './queries';
import { assertDailyBytesAllowed, uploadQuota } from './quota';
import { storedVideoKey } from './stored-name';
import { countUploadStatement, getUploadUsage } from './upload-queries';
import { invalidVideo, readUploadedVideo } from './video-answer';
import { sniffVideoFormat, storedExtension, type VideoFormat } from './video-format';

/** A poster frame is one JPEG or PNG picture of the video: far below this. */
const POSTER_MAX_BYTES = 2 * 1024 * 1024;
/** Enough of a file's start for every signature `sniffVideoFormat` reads. */
const SNIFF_BYTES = 64;

const TEXT_FIELDS = ['title', 'description', 'userId', 'isPublic', 'duration', 'width', 'height'] as const;

/** The form's text fields through the shared schema; a failure is a 400 with the first issue. */
const parseFields = (form: FormData): DirectUploadFields => {
  const raw: Record<string, string> = {};
  for (const name of TEXT_FIELDS) {
    const value = form.get(name);
    if (typeof value === 'string') raw[name] = value;
  }
  const parsed = DirectUploadFieldsSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badRequest(issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid upload');
};

const readForm = async (request: Request, limit: number): Promise<FormData> => {
  try {
    const pictures = POSTER_MAX_BYTES + MAX_POSTER_SIZES * POSTER_SIZE_MAX_BYTES;
    return await readMultipartForm(request, limit + pictures, 'video');
  } catch (error) {
    // The body may carry the poster and its sizes besides the video; the message names the video's limit.
    if (error instanceof ApiError && error.status === 413) throw tooLarge(limit);
    throw error;
  }
};

/** The optional poster frame: a PNG or JPEG by its bytes, or a refusal. */
const readPoster = async (form: FormData): Promise<File | null> => {
  const poster = form.get('poster');
  if (!(poster instanceof File) || poster.size === 0) return null;
  if (poster.size > POSTER_MAX_BYTES) throw tooLarge(POSTER_MAX_BYTES);
  const type = sniffImageType(new Uint8Array(await poster.slice(0, 16).arrayBuffer()));
  if (type?.ext !== 'png' && type?.ext !== 'jpg') {
    throw new ApiError(415, 'unsupported_media_type', 'poster: The poster frame must be a PNG or JPEG image');
  }
  return poster;
};

const readVideo = async (form: FormData, limit: number): Promise<{ file: File; format: VideoFormat }> => {
  const file = fileFromForm(form, 'video', limit);
  const format = sniffVideoFormat(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (!format) throw invalidVideo();
  return { file, format };
};

/** The video row and its poster sizes, written together in one batch. */
const insertVideoWithSizes = async (env: Env, video: NewVideo, sizes: CheckedPosterSize[]) => {
  const stored = await storePosterSizes(env.MEDIA, sizes);
  await env.DB.batch([
    insertVideoStatement(env.DB, video),
    countUploadStatement(env.DB, {
      id: video.id,
      userId: video.userId,
      size: video.sizeBytes,
      createdAt: video.createdAt,
    }),
    ...insertPosterSizeStatements(env.DB, video.id, stored),
  ]);
};

/**
 * `POST /videos/upload/file` (content §7): every check runs before anything is written, so a
 * refused upload leaves no object and no row; the daily byte quota (quota.ts) is one of them. The
 * video is judged by its bytes; its type follows from its frame and length.
 */
export const storeDirectUpload = async (env: Env, request: Request, caller: SessionUser): Promise<Video> => {
  const limit = directUploadMaxBytes(env);
  const form = await readForm(request, limit);
  const fields = parseFields(form);
  assertSelf(caller, fields.userId);
  const { file, format } = await readVideo(form, limit);
  const poster = await readPoster(form);
  const posterSizes = await posterSizesFromForm(form);
  const quota = uploadQuota(env, new Date());
  assertDailyBytesAllowed(quota, await getUploadUsage(env.DB, caller.id, quota.since), file.size);

  const video: NewVideo = {
    id: newId(),
    type: detectVideoType(fields),
    userId: caller.id,
    title: fields.title,
    description: fields.description,
    mediaKey: storedVideoKey(storedExtension(file.name, format)),
    thumbnailKey: null,
    contentType: format.contentType,
    sizeBytes: file.size,
    duration: fields.duration,
    width: fields.width,
    height: fields.height,
    isPublic: fields.isPublic === 'true',
    createdAt: new Date().toISOString(),
  };
  await env.MEDIA.put(video.mediaKey, file, { httpMetadata: { contentType: format.contentType } });
  try {
    if (poster) video.thumbnailKey = (await storeImage(env.MEDIA, poster)).url.replace(/^\/media\//, '');
    await insertVideoWithSizes(env, video, posterSizes);
  } catch (error) {
    // The pictures are content-addressed and may be shared, so only the video object is taken back.
    await env.MEDIA.delete(video.mediaKey);
    throw error;
  }
  return readUploadedVideo(env.DB, video.id);
};
