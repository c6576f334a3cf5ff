import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WAREHOUSE, warehouseMsg, type StockProduct } from '@portal/contract';
import { errorMessage } from '../../lib/api';
import { useNotify } from '../../lib/notify';
import { useRemoteSearch } from '../../lib/use-remote-search';
import { confirmarStock, consultarStock, modificarStock, StockCallError } from './api/stock';
import { clampCount, countInRange, countProblem, parseCount } from './count-rules';
import type { useDebugLog } from './debug-log';

type Log = ReturnType<typeof useDebugLog>['log'];

/**
 * The stock screen's lookup and count: the product found by search or barcode, the deposit it was looked up in,
 * the count typed for it, and confirming it (modificarStock when the count differs from the stock on record,
 * then confirmarStock).
 */
export function useStockCount(log: Log) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [deposit, setDeposit] = useState<string | null>(null);
  const [product, setProduct] = useState<StockProduct | null>(null);
  const [qtyText, setQtyText] = useState('');
  const [manual, setManual] = useState('');
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [looking, setLooking] = useState(false);
  const [saving, setSaving] = useState(false);
  const productRef = useRef<HTMLDivElement | null>(null);
  const cantidad = parseCount(qtyText);

  const choose = useCallback(
    (p: StockProduct, depositName?: string) => {
      setProduct(p);
      setQtyText(String(p.salcan ?? 0));
      setLookupError(null);
      if (depositName) setDeposit(depositName);
      log(`Producto ${p.codalfa} (${p.desart}), stock ${p.salcan}`);
    },
    [log],
  );

  const search = useRemoteSearch<StockProduct>({
    fetcher: async (descri, signal) => {
      const r = await consultarStock({ descri }, signal);
      setDeposit(r.deposito.nombre);
      log(`Búsqueda "${descri}": ${r.items.length} productos`);
      return r.items;
    },
    min: WAREHOUSE.searchMin,
    debounceMs: WAREHOUSE.searchDebounceMs,
    onError: (e) => {
      log(`consultarStock: ${errorMessage(e, '')}`, 'error');
      notify.error(warehouseMsg.errorBuscarProductos, errorMessage(e, ''));
    },
    log,
  });

  const lookupBarcode = useCallback(
    async (raw: string) => {
      const barcode = raw.trim().toUpperCase();
      if (!barcode) return;
      setManual(barcode);
      setLooking(true);
      log(`Buscando código ${barcode}`);
      try {
        const r = await consultarStock({ barcode });
        setDeposit(r.deposito.nombre);
        const [hit] = r.items;
        if (!hit) {
          setProduct(null);
          setLookupError(warehouseMsg.productoNoEncontradoCodigo);
          log(`${barcode}: ${warehouseMsg.productoNoEncontradoCodigo}`, 'warn');
          return;
        }
        choose(hit, r.deposito.nombre);
      } catch (e) {
        setLookupError(errorMessage(e, warehouseMsg.productoNoEncontradoCodigo));
        log(`consultarStock(${barcode}): ${errorMessage(e, '')}`, 'error');
      } finally {
        setLooking(false);
      }
    },
    [choose, log],
  );

  // A product read or chosen: its card (and Confirmar) comes into view, above the phone's bottom edge.
  useEffect(() => {
    if (product) productRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [product]);

  function handleQtyBlur() {
    const clamped = clampCount(qtyText);
    if (clamped !== null) setQtyText(clamped);
  }

  function reset() {
    setProduct(null);
    setQtyText('');
    setManual('');
    setLookupError(null);
    search.reset();
  }

  async function handleConfirm() {
    if (!product) {
      notify.error(warehouseMsg.noHayProducto);
      return;
    }
    if (!countInRange(cantidad)) {
      notify.error(warehouseMsg.cantidadInvalida);
      return;
    }
    setSaving(true);
    try {
      if (cantidad !== product.salcan) {
        const adjusted = await modificarStock(product.codalfa, cantidad);
        log(`modificarStock ${product.codalfa}: ${adjusted.movimiento ? `${adjusted.movimiento.anterior} → ${adjusted.movimiento.nueva}` : 'sin cambios'}`);
      }
      const confirmed = await confirmarStock(product.codalfa);
      log(`confirmarStock ${product.codalfa}: ${confirmed.producto.salcan}`);
      notify.success(confirmed.msg, `${confirmed.producto.desart}: ${confirmed.producto.salcan} en ${confirmed.deposito.nombre}`);
      void queryClient.invalidateQueries({ queryKey: ['catalog'] });
      reset();
    } catch (e) {
      const detail = e instanceof StockCallError ? `${e.serverMessage} (HTTP ${e.status})` : errorMessage(e, '');
      log(`Guardar: ${e instanceof Error ? e.message : String(e)}`, 'error');
      notify.error(warehouseMsg.noSePudoGuardar, detail);
    } finally {
      setSaving(false);
    }
  }

  return {
    deposit,
    product,
    productRef,
    qtyText,
    setQtyText,
    cantidad,
    qtyProblem: countProblem(qtyText),
    manual,
    setManual,
    lookupError,
    looking,
    saving,
    search,
    choose,
    lookupBarcode,
    handleQtyBlur,
    reset,
    handleConfirm,
  };
}

export type StockCount = ReturnType<typeof useStockCount>;
