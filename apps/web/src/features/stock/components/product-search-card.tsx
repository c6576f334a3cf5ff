import { Alert, Button, Card, Input, Select, Spin } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { warehouseMsg } from '@portal/contract';
import type { StockCount } from '../use-stock-count';

type ProductSearchCardProps = { count: StockCount };

/** 'Buscar producto': the search by name or code and the typed barcode. */
export function ProductSearchCard({ count }: ProductSearchCardProps) {
  const { search, product, manual, setManual, lookupBarcode, looking, lookupError, choose } = count;
  return (
    <Card size="small" className="stock-block" title="Buscar producto">
      <Select<number>
        showSearch={{ filterOption: false, searchValue: search.text, onSearch: search.setText }}
        size="large"
        aria-label="Buscar producto"
        placeholder="Nombre o código (al menos 3 letras)"
        value={product && search.results.some((r) => r.id === product.id) ? product.id : undefined}
        className="stock-search"
        onChange={(id) => {
          const p = search.results.find((r) => r.id === id);
          if (p) choose(p);
        }}
        options={search.results.map((p) => ({ value: p.id, label: `${p.desart} · ${p.codalfa}` }))}
        notFoundContent={search.loading ? <Spin size="small" /> : search.tooShort || !search.text.trim() ? warehouseMsg.minimoTresLetras : 'Sin resultados'}
      />
      <div className="stock-manual">
        <Input
          size="large"
          aria-label="Código de barras"
          placeholder="Código de barras"
          value={manual}
          onChange={(e) => setManual(e.target.value)}
          onPressEnter={() => void lookupBarcode(manual)}
          inputMode="text"
          autoCapitalize="characters"
        />
        <Button size="large" icon={<SearchOutlined aria-hidden />} loading={looking} onClick={() => void lookupBarcode(manual)}>
          Buscar
        </Button>
      </div>
      {lookupError && <Alert type="warning" showIcon className="stock-lookup-error" title={lookupError} />}
    </Card>
  );
}
