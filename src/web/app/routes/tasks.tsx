import { PageHeader } from '../../components/ui/page-header.tsx';
import { RequireSignIn } from '../../features/auth/components/require-sign-in.tsx';
import { TaskCentre } from '../../features/tasks/components/task-centre.tsx';
import { useTranslation } from '../../lib/use-translation.ts';

/** /tasks: the task centre for a signed-in user; a visitor gets the sign-in prompt under the same heading. */
export function TasksPage() {
  const { t } = useTranslation('tasks');
  return (
    <div className="space-y-8">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <RequireSignIn>
        <TaskCentre />
      </RequireSignIn>
    </div>
  );
}
