import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CouponDto, CouponsResponse, CreateCouponRequest } from '@contract/promotions.ts';
import { api } from '@/lib/api-client.ts';

export const couponKeys = {
  all: ['coupons'] as const,
};

export function couponsQuery() {
  return queryOptions({
    queryKey: couponKeys.all,
    queryFn: ({ signal }) => api.get<CouponsResponse>('/api/coupons', { signal }),
    select: (data) => data.coupons,
  });
}

export function useCoupons() {
  return useQuery(couponsQuery());
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCouponRequest) => api.post<CouponDto>('/api/coupons', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}

export function useDisableCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<CouponDto>(`/api/coupons/${encodeURIComponent(code)}/disable`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: couponKeys.all }),
  });
}
