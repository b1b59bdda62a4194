import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { DEFAULT_TRAFFIC_PERCENTAGE, TRAFFIC_CHOICES } from '../lib/flow-rules';

/** "Set Traffic Percentage": 33 / 50 / 100 % of visitors, 100 unless the operator picks another. */
export function TrafficDialog({
  open,
  pending,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  pending: boolean;
  onConfirm: (trafficPercentage: number) => void;
  onCancel: () => void;
}) {
  const [percentage, setPercentage] = useState<number>(DEFAULT_TRAFFIC_PERCENTAGE);
  const name = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title="Set Traffic Percentage"
      description="Choose the share of visitors who get this flow. Live flows should total 100%."
    >
      <fieldset className="traffic-choices">
        <legend className="visually-hidden">Traffic percentage</legend>
        {TRAFFIC_CHOICES.map((choice) => (
          <label key={choice.percentage} className="traffic-choice">
            <input
              type="radio"
              name={name}
              value={choice.percentage}
              checked={percentage === choice.percentage}
              onChange={() => setPercentage(choice.percentage)}
            />
            <span className="traffic-choice__value">{choice.percentage}%</span>
            <span className="traffic-choice__label">{choice.label}</span>
          </label>
        ))}
      </fieldset>
      <div className="admin-actions admin-actions--end">
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(percentage)} disabled={pending}>
          {pending ? 'Going live...' : `Go Live at ${percentage}%`}
        </Button>
      </div>
    </Dialog>
  );
}
