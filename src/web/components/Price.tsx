import type { CountryPrice } from '../../shared/catalog';
import { formatPrice } from '../../shared/money';

/** 'Free' for free courses; otherwise the price, with the regular price struck through when discounted. */
export function Price({ price, free, size = 'md' }: { price: CountryPrice; free?: boolean; size?: 'md' | 'lg' }) {
  if (free || price.amount === 0) return <span className={`price price-${size} text-success fw-bold`}>Free</span>;
  const discounted = price.regular_amount > price.amount;
  return (
    <span className={`price price-${size}`}>
      <span className="fw-bold">{formatPrice(price.amount, price.symbol, price.currency)}</span>
      {discounted && (
        <s className="text-body-secondary ms-2 fw-normal" aria-label={`Regular price ${formatPrice(price.regular_amount, price.symbol, price.currency)}`}>
          {formatPrice(price.regular_amount, price.symbol, price.currency)}
        </s>
      )}
    </span>
  );
}
