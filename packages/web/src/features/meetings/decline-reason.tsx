import { Input } from 'antd';

/** The reason for not attending, which the server asks for with 不参加 (desktop and phone). */
export function DeclineReason({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <Input.TextArea
      rows={3}
      aria-label="不参加的原因"
      placeholder="请填写不参加的原因"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      maxLength={200}
    />
  );
}
