import { Button, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGranted } from '../access/granted';
import { usePendingCountQuery } from '../instruction/instructionApi';

/**
 * Instruction orders of the user's scope still open (0 initial, 5 queued, 7 awaiting the terminal):
 * refetched when `instructionOrder` events arrive (the pendingCount endpoint listens to the live socket).
 */
export function PendingOrdersBadge() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Only for users with the order log: the count is that screen's (a refused call would sign the user out).
  const allowed = useGranted('controlInstruction');
  const { data } = usePendingCountQuery(undefined, { skip: !allowed });
  const count = data?.count ?? 0;
  if (!allowed) return null;
  return (
    <Button
      variant="minimal"
      icon="send-message"
      className="of-pending-orders"
      aria-label={t('instruction.pending')}
      title={t('instruction.pending')}
      onClick={() => void navigate('/monitor/controlInstruction')}
    >
      {count > 0 && (
        <Tag round intent="warning" className="of-badge" data-count={count}>
          {count > 99 ? '99+' : count}
        </Tag>
      )}
    </Button>
  );
}
