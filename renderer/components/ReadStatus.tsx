/** How fresh a view's data is (live, last good answer, or nothing saved) and why it could not be read. */
import type { IpcError } from '../../common/contract';
import { labelledTime, usePracticeZone } from '../lib/practice-time';
import { PermissionNeeded } from './PermissionNeeded';

/** Props: what was read (if anything), its state, and the words for this view. */
export interface ReadStatusProps {
  data: { source: 'service' | 'cache' | 'unavailable'; fetchedAt: number } | null;
  loading: boolean;
  error: IpcError | null;
  online: boolean;
  /** "appointments", "contacts". */
  what: string;
  /** What to say when nothing was ever saved and only local changes show. */
  unavailableText: string;
  testId: string;
  retry(): void;
}

/** The notices above a list. */
export function ReadStatus({ data, loading, error, online, what, unavailableText, testId, retry }: ReadStatusProps) {
  const zone = usePracticeZone();
  return (
    <>
      {data?.source === 'cache' && (
        <p className="notice notice-info" role="status" data-testid={testId}>
          {online ? 'Showing' : 'Offline — showing'} {what} as of {labelledTime(data.fetchedAt, zone)}
          {loading ? '. Updating…' : '.'}
        </p>
      )}
      {data?.source === 'unavailable' && (
        <p className="notice notice-info" role="status" data-testid={testId}>
          {unavailableText}
        </p>
      )}
      {error?.code === 'insufficient_scope' && error.requiredScope ? (
        <PermissionNeeded message={error.message} scope={error.requiredScope} />
      ) : error && !(error.code === 'offline' && data) ? (
        <p className="notice notice-error" role="alert">
          {error.message}{' '}
          <button type="button" className="link-button" onClick={retry}>
            Try again
          </button>
        </p>
      ) : null}
    </>
  );
}
