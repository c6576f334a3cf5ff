import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Space, Typography } from 'antd';
import { FileExcelOutlined, FilePdfOutlined, SearchOutlined } from '@ant-design/icons';

type ListPageHeaderProps = {
  title: ReactNode;
  /** The toolbar's class, for the screen's own styles. */
  toolbarClassName: string;
  /** The search button's text ('Buscar contratos', 'Buscar movimientos'…); without it, no search button. */
  searchLabel?: string;
  onSearch?: () => void;
  /** Which export is being downloaded (its button spins). */
  exporting: string | null | undefined;
  onExport: (type: 'pdf' | 'excel') => void;
  /** More buttons after EXCEL. */
  children?: ReactNode;
};

/**
 * The heading of a list screen (contracts, grain, statements, fiscal documents, stock positions): the title and a
 * toolbar with the search drawer's button, PDF and EXCEL.
 */
export function ListPageHeader({ title, toolbarClassName, searchLabel, onSearch, exporting, onExport, children }: ListPageHeaderProps) {
  return (
    <div className="page-header">
      <Typography.Title level={3} className="page-title">
        {title}
      </Typography.Title>
      <Space wrap className={toolbarClassName}>
        {searchLabel && (
          <Button type="primary" icon={<SearchOutlined aria-hidden />} onClick={onSearch}>
            {searchLabel}
          </Button>
        )}
        <Button icon={<FilePdfOutlined aria-hidden />} loading={exporting === 'pdf'} onClick={() => onExport('pdf')}>
          PDF
        </Button>
        <Button icon={<FileExcelOutlined aria-hidden />} loading={exporting === 'excel'} onClick={() => onExport('excel')}>
          EXCEL
        </Button>
        {children}
      </Space>
      {/* Said to a screen reader while an export is made (it can take seconds); the button shows its spinner. */}
      <span className="sr-only" role="status">
        {exporting ? `Generando ${exporting === 'pdf' ? 'PDF' : 'EXCEL'}…` : ''}
      </span>
    </div>
  );
}

type PagedList = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

/**
 * On a phone the next batch of a paged list loads by itself when the 'Mostrar más …' element scrolls into view:
 * the returned ref goes on that element. `loaded` (how many rows are shown) re-arms the observer after each batch.
 */
export function useLoadMoreOnView(mobile: boolean, list: PagedList, loaded: number) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  useEffect(() => {
    const el = ref.current;
    if (!mobile || !el || !hasNextPage) return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    io.observe(el);
    return () => io.disconnect();
  }, [mobile, hasNextPage, isFetchingNextPage, fetchNextPage, loaded]);
  return ref;
}
