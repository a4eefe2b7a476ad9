import { useId } from 'react';
import type { Task } from '../../../schema/content';
import { SAMPLE_TASKS } from './tasks-data';
import './static-pages.css';

const ACTION_LABELS: Record<Task['status'], string> = {
  available: 'Take Task',
  accepted: 'In Progress',
  completed: 'Claim Reward',
};

/** /list_task (content spec §2.9): hard-coded sample tasks; the action buttons do nothing. */
export function ListTaskPage() {
  return (
    <section className="page static-page" aria-labelledby="tasks-title">
      <header>
        <h1 id="tasks-title">Task List</h1>
        <p className="muted">Take a task, make the content, claim the reward.</p>
      </header>
      <div className="task-table-wrap">
        <table className="task-table">
          <thead>
            <tr>
              <th scope="col">#</th>
              <th scope="col">Task</th>
              <th scope="col">Type</th>
              <th scope="col">Assigner</th>
              <th scope="col">Reward</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {SAMPLE_TASKS.map((task) => (
              <TaskRow key={task.id} task={task} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function TaskRow({ task }: { task: Task }) {
  const summaryId = useId();
  return (
    <tr data-testid="task-row">
      <td>{task.id}</td>
      <td className="task-title-cell">
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a tooltip's trigger must take focus, so keyboard users can read the summary hovering shows */}
        <span className="task-title" tabIndex={0} aria-describedby={summaryId}>
          {task.title}
        </span>
        <span role="tooltip" id={summaryId} className="task-summary">
          {task.summary}
        </span>
      </td>
      <td>
        <span className={`task-type task-type-${task.category.toLowerCase()}`}>{task.category}</span>
      </td>
      <td>{task.assigner}</td>
      <td className="task-reward">{task.reward}đ</td>
      <td>
        <button
          type="button"
          className={task.status === 'available' ? 'button button-primary' : 'button'}
          data-status={task.status}
        >
          {ACTION_LABELS[task.status]}
        </button>
      </td>
    </tr>
  );
}
