import { ActionIcon, Stack, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { errorMessage } from '../../api/errors';
import { InlineError } from '../../components/RoleSelect';
import { useStars, useToggleStar } from './stars';

/** The star of a dashboard's header: marks it as a favorite of the connected account. */
export function StarToggle({ uid, title }: { uid: string; title?: string }) {
  const stars = useStars();
  const toggle = useToggleStar(uid);
  const starred = stars.data?.includes(uid) ?? false;
  const label = starred ? 'Unmark as favorite' : 'Mark as favorite';
  return (
    <Stack gap={2} align="center">
      <Tooltip label={title ? `${label}: ${title}` : label}>
        <ActionIcon
          variant="subtle"
          color={starred ? 'yellow' : 'gray'}
          size="input-xs"
          aria-label={label}
          aria-pressed={starred}
          disabled={stars.isPending}
          onClick={() => toggle.mutate(!starred)}
        >
          {starred ? <IconStarFilled size={18} aria-hidden /> : <IconStar size={18} aria-hidden />}
        </ActionIcon>
      </Tooltip>
      {(toggle.isError || stars.isError) && <InlineError>{errorMessage(toggle.error ?? stars.error)}</InlineError>}
    </Stack>
  );
}
