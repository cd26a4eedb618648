import { Mentions } from 'antd';

interface Person {
  userCode: string;
  userName: string;
  deptName?: string | null;
}

interface Props {
  /** the form field's id (Form.Item), so its label names the box */
  id?: string;
  value?: string;
  onChange?: (v: string) => void;
  people: readonly Person[];
  placeholder?: string;
}

/**
 * The opinion box: typing「@」offers people; choosing one writes `@姓名 ` (or `@账号 ` where two people share the name),
 * the syntax the server reads (@oa/shared/notify/mentions). Those who may read the record are told.
 */
export function OpinionInput({ id, value, onChange, people, placeholder }: Props) {
  const counts = new Map<string, number>();
  for (const p of people) counts.set(p.userName, (counts.get(p.userName) ?? 0) + 1);
  const options = people.map((p) => ({
    value: counts.get(p.userName) === 1 ? p.userName : p.userCode,
    key: p.userCode,
    label: `${p.userName}${p.deptName ? `（${p.deptName}）` : ''} ${p.userCode}`,
  }));
  const labels = new Map(options.map((o) => [o.value, o.label.toLowerCase()]));
  return (
    <Mentions
      id={id}
      value={value}
      onChange={onChange}
      rows={4}
      maxLength={1000}
      placeholder={placeholder}
      options={options}
      filterOption={(input, o) => (labels.get(String(o.value)) ?? '').includes(input.toLowerCase())}
      data-testid="opinion-input"
    />
  );
}
