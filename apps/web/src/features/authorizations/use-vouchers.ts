import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { msg, receiptsMsg, type VoucherItem } from '@portal/contract';
import { ApiError, errorMessage } from '../../lib/api';
import { useAttemptKeys } from '../../lib/idempotency-key';
import { useNotify } from '../../lib/notify';
import { decideVoucher } from './api/decide-voucher';
import { useFilterLists } from './api/get-filter-lists';
import { useVoucherList, type VoucherFilters } from './api/get-vouchers';
import { authorizationsKey } from './api/keys';

export type VoucherPrompt = { voucher: VoucherItem; autoriza: boolean };

/**
 * The 'Comprobantes' tab: its filters, the vouchers they list, and a decision (authorize or reject, each with the
 * detail typed in the prompt) sent once per attempt.
 */
export function useVouchers() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<VoucherFilters>({ estado: 'pendientes' });
  const [prompt, setPrompt] = useState<VoucherPrompt | null>(null);
  const [deciding, setDeciding] = useState(false);
  const attempts = useAttemptKeys();
  const lists = useFilterLists();
  const list = useVoucherList(filters);
  const rows = list.data?.pages.flatMap((p) => p.items) ?? [];
  const failed = list.data?.pages.find((p) => !p.success);

  // One notice per failure: a page answered with success false, or a failed load.
  useEffect(() => {
    if (failed) notify.error(`Error - ${failed.msg}`);
    else if (list.isError) notify.error(receiptsMsg.errorCargarDatos, errorMessage(list.error, msg.errorObtenerDatos));
  }, [failed, list.isError, list.error, notify]);

  const setFilter = (name: 'entidad' | 'vendedor' | 'zona', value?: number) => setFilters((f) => ({ ...f, [name]: value }));
  const setEstado = (estado: VoucherFilters['estado']) => setFilters((f) => ({ ...f, estado }));
  const open = (voucher: VoucherItem, autoriza: boolean) => setPrompt({ voucher, autoriza });

  function handleCancel() {
    setPrompt(null);
    notify.info(receiptsMsg.operacionCancelada);
  }

  async function handleOk(motivo: string) {
    if (!prompt || deciding) return;
    setDeciding(true);
    const v = prompt.voucher;
    const what = `${prompt.autoriza ? 'autorizar' : 'rechazar'}:${v.codcom}:${v.codtal}:${v.numero}`;
    try {
      const res = await decideVoucher(v, prompt.autoriza, motivo, attempts.keyFor(what));
      attempts.answered(what);
      if (res.data.success) notify.success(res.data.msg);
      else notify.error(receiptsMsg.noSePudoOperar, res.data.msg);
      setPrompt(null);
    } catch (e) {
      if (e instanceof ApiError) attempts.answered(what);
      notify.error(receiptsMsg.noSePudoOperar, errorMessage(e, ''));
    } finally {
      setDeciding(false);
      await queryClient.invalidateQueries({ queryKey: [...authorizationsKey, 'list'] });
    }
  }

  return { filters, setFilter, setEstado, lists, list, rows, failed, prompt, deciding, open, handleCancel, handleOk };
}
