import type { KyInstance } from 'ky';
import type { Comment, CommentPage, NewReport, ReportAnswer } from '../../contracts/comments';
import { call } from './scenes';

/**
 * Calls for the comments of published spaces and reports (platform.md §7.5, /api/socialService).
 * Each throws an `ApiProblem` on failure (its `code`, e.g. COMMENTS_OFF or RATE_LIMITED, and the
 * server's message, which says when to try again).
 */

const id = (value: string) => encodeURIComponent(value);

export const commentsApi = (api: KyInstance) => ({
  page: (sceneId: string, cp: number, ipp: number, signal?: AbortSignal) =>
    call(() =>
      api
        .get(`socialService/comments/scene/${id(sceneId)}`, { searchParams: { cp, ipp }, signal })
        .json<CommentPage>(),
    ),
  post: (sceneId: string, body: string, parentCommentId: string | null, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`socialService/comments/scene/${id(sceneId)}`, {
          json: parentCommentId ? { body, parentCommentId } : { body },
          retry: 0,
          signal,
        })
        .json<Comment>(),
    ),
  edit: (commentId: string, body: string, signal?: AbortSignal) =>
    call(() =>
      api
        .patch(`socialService/comments/${id(commentId)}`, { json: { body }, retry: 0, signal })
        .json<Comment>(),
    ),
  remove: (commentId: string, signal?: AbortSignal) =>
    call(() => api.delete(`socialService/comments/${id(commentId)}`, { retry: 0, signal })).then(
      () => undefined,
    ),
  setHidden: (commentId: string, hidden: boolean, signal?: AbortSignal) =>
    call(() =>
      api
        .post(`socialService/comments/${id(commentId)}/${hidden ? 'hide' : 'unhide'}`, { retry: 0, signal })
        .json<Comment>(),
    ),
  report: (report: NewReport, signal?: AbortSignal) =>
    call(() => api.post('socialService/reports', { json: report, retry: 0, signal }).json<ReportAnswer>()),
});
