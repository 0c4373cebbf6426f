import { ApiError, errorMessage, serverFieldError } from '../../api/errors';

/**
 * Where a refused dashboard save is shown: beside the title (the server names the field, or
 * `isTitleRefusal` says so), beside the folder (named, or a 403: Edit is needed there), or below
 * the form. At most one of the three is set.
 */
export function saveRefusals(error: unknown, isTitleRefusal: (error: unknown) => boolean = () => false) {
  const title = serverFieldError(error, 'dashboard.title') ?? (error && isTitleRefusal(error) ? errorMessage(error) : undefined);
  const folder = serverFieldError(error, 'folderUid') ?? (error instanceof ApiError && error.status === 403 ? error.message : undefined);
  const other = error && !title && !folder ? errorMessage(error) : undefined;
  return { title, folder, other };
}
