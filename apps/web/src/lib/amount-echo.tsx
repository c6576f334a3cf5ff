import { formatMoney, parseAmountText } from '@portal/contract';

type AmountEchoProps = { text: string | undefined | null };

/**
 * The amount as the portal understands what was typed, beside its input ('50.000' → '$ 50.000,00'), so a misread
 * figure is seen before it is used; nothing while the field is empty or not an amount (its own message says so).
 */
export function AmountEcho({ text }: AmountEchoProps) {
  const parsed = text && text.trim() ? parseAmountText(text) : null;
  return (
    <span className="amount-echo" aria-live="polite" style={{ fontSize: 12, color: 'var(--ant-color-text-secondary, #595959)' }}>
      {parsed === null ? '' : `Se toma como ${formatMoney(parsed)}`}
    </span>
  );
}
