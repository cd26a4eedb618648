import { TodoWidget } from '../features/pending/todo-widget';

/** Cards other areas contribute to the home tabs (composed here: a feature never imports another). */
export function HomeWidgets() {
  return (
    <div style={{ marginTop: 16 }}>
      <TodoWidget />
    </div>
  );
}
