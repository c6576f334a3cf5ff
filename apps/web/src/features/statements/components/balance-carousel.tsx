import { Typography } from 'antd';
import { Carousel } from '../../../lib/carousel';
import type { BalanceValue } from '@portal/contract';

type BalanceCarouselProps = {
  values: BalanceValue[];
  mobile: boolean;
  activeTipocc: string | null;
  onPick: (tipocc: string) => void;
};

/** 10 s per slide (statements.md §9); five values per slide on desktop, one on a phone. */
export const STATEMENT_CAROUSEL_MS = 10_000;

const SIGN_TEXT: Record<BalanceValue['signo'], string> = { D: 'A su cargo', A: 'A su favor', '': 'Sin saldo' };

/**
 * The balances (statements.md §2): each account type's balance, the total and what is overdue, per currency.
 * A value of an account type is a click filter for that account.
 */
export function BalanceCarousel({ values, mobile, activeTipocc, onPick }: BalanceCarouselProps) {
  const perSlide = mobile ? 1 : 5;
  const slides: BalanceValue[][] = [];
  for (let i = 0; i < values.length; i += perSlide) slides.push(values.slice(i, i + perSlide));
  if (slides.length === 0) return null;
  return (
    <div className="statement-carousel" data-testid="statement-carousel">
      <Carousel autoplay={slides.length > 1} autoplaySpeed={STATEMENT_CAROUSEL_MS} dots={slides.length > 1} adaptiveHeight>
        {slides.map((slide, i) => (
          <div key={i}>
            <div className="statement-slide" style={{ gridTemplateColumns: `repeat(${perSlide}, minmax(0, 1fr))` }}>
              {slide.map((v) => {
                const clickable = v.tipocc !== '';
                const active = clickable && v.tipocc === activeTipocc;
                return (
                  <div
                    key={v.descri}
                    className={`statement-value ${clickable ? 'is-clickable' : ''} ${active ? 'is-active' : ''} ${v.signo === 'D' ? 'is-debt' : ''}`}
                    data-testid="statement-value"
                    role={clickable ? 'button' : undefined}
                    tabIndex={clickable ? 0 : undefined}
                    aria-pressed={clickable ? active : undefined}
                    onClick={() => clickable && onPick(v.tipocc)}
                    onKeyDown={(e) => clickable && e.key === 'Enter' && onPick(v.tipocc)}
                  >
                    <Typography.Text type="secondary" className="statement-value-title">
                      {v.descri}
                    </Typography.Text>
                    <span className="statement-value-amount">{v.valor}</span>
                    <Typography.Text type="secondary" className="statement-value-sign">
                      {SIGN_TEXT[v.signo]}
                    </Typography.Text>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </Carousel>
    </div>
  );
}
