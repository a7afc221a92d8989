import { Pagination } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The pages of an operator-area list (from 0); nothing when there is one page. */
export function OperatorPagination({
  cp,
  total,
  pageSize,
  onPage,
}: {
  cp: number;
  total: number;
  pageSize: number;
  onPage: (cp: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <Pagination
      sx={{ mt: 3 }}
      count={pages}
      page={cp + 1}
      onChange={(_, next) => onPage(next - 1)}
      getItemAriaLabel={(type, number) =>
        type === 'page' ? t('operator.reports.pageLabel', { number }) : t(`operator.reports.${type}Page`)
      }
    />
  );
}
