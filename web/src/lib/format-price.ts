/** The price the server sells at, in minor units of its currency, as people read it ("$9.99"). */
export function formatPrice(price: { amount: number; currency: string }): string {
  const format = new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: price.currency.toUpperCase(),
  });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(price.amount / 10 ** digits);
}
