import * as RadixSelect from '@radix-ui/react-select';
import './select.css';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/**
 * An accessible single-value select (Radix): keyboard and typeahead navigation, where the typed
 * prefix resets after 1 s of no typing (spec §9; Radix's built-in behaviour).
 */
export function Select<T extends string>({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  disabled,
  invalid,
  describedBy,
  label,
}: {
  id?: string;
  value: T | '';
  onValueChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  placeholder: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
}) {
  return (
    <RadixSelect.Root value={value} onValueChange={(next) => onValueChange(next as T)} disabled={disabled}>
      <RadixSelect.Trigger
        id={id}
        className="select__trigger"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-label={label}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="select__icon" aria-hidden="true">
          ▾
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="select__content" position="popper" sideOffset={6}>
          <RadixSelect.Viewport className="select__viewport">
            {options.map((option) => (
              <RadixSelect.Item key={option.value} value={option.value} className="select__item">
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="select__indicator">✓</RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  );
}
