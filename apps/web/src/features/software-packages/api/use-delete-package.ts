import { useMutation, useQueryClient } from "@tanstack/react-query";
import { deleteSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { call } from "../../../lib/api-client.ts";
import { PACKAGES_KEY } from "./query-keys.ts";

/** Deletes a package; the list is refreshed either way (someone else may have deleted it first). */
export const useDeletePackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(deleteSoftwarePackage, { id }, { silent: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PACKAGES_KEY }),
  });
};
