/**
 * Where the map goes when a region is chosen in a form: latitude, longitude and zoom level.
 * A country's centre is the middle of its mainland's box (in Web Mercator, so the box sits in the
 * middle of the view) and its zoom the closest level at which that box fills a location picker of
 * about 600 x 300 px; a city's centre is its city centre, at a street-level zoom. Written here
 * beside the names rather than computed: the web's world outlines (world-atlas) know countries
 * but not cities, and deriving a country's box from them would put a geographic library and a
 * 750 kB file on the server for a few dozen numbers that do not change. Rows an operator adds
 * without a centre simply leave the map where it is.
 */
export type RegionCentre = readonly [latitude: number, longitude: number, zoom: number];

/** Countries and main cities offered in address forms, in both languages. */
interface RegionSeed {
  code: string;
  zh: string;
  en: string;
  centre: RegionCentre;
  cities: { code: string; zh: string; en: string; centre: RegionCentre }[];
}

export const REGIONS: RegionSeed[] = [
  {
    code: "CN",
    zh: "中国",
    en: "China",
    centre: [37.84, 104.25, 3],
    cities: [
      { code: "CN-BJ", zh: "北京", en: "Beijing", centre: [39.9042, 116.4074, 11] },
      { code: "CN-SH", zh: "上海", en: "Shanghai", centre: [31.2304, 121.4737, 11] },
      { code: "CN-GZ", zh: "广州", en: "Guangzhou", centre: [23.1291, 113.2644, 11] },
      { code: "CN-SZ", zh: "深圳", en: "Shenzhen", centre: [22.5431, 114.0579, 11] },
      { code: "CN-QD", zh: "青岛", en: "Qingdao", centre: [36.0671, 120.3826, 11] },
    ],
  },
  {
    code: "DE",
    zh: "德国",
    en: "Germany",
    centre: [51.37, 10.45, 5],
    cities: [
      { code: "DE-BER", zh: "柏林", en: "Berlin", centre: [52.52, 13.405, 11] },
      { code: "DE-MUC", zh: "慕尼黑", en: "Munich", centre: [48.1351, 11.582, 11] },
      { code: "DE-HAM", zh: "汉堡", en: "Hamburg", centre: [53.5511, 9.9937, 11] },
      { code: "DE-FRA", zh: "法兰克福", en: "Frankfurt", centre: [50.1109, 8.6821, 11] },
    ],
  },
  {
    code: "ES",
    zh: "西班牙",
    en: "Spain",
    centre: [40.01, -3.0, 5],
    cities: [
      { code: "ES-MAD", zh: "马德里", en: "Madrid", centre: [40.4168, -3.7038, 11] },
      { code: "ES-BCN", zh: "巴塞罗那", en: "Barcelona", centre: [41.3874, 2.1686, 11] },
      { code: "ES-VLC", zh: "瓦伦西亚", en: "Valencia", centre: [39.4699, -0.3763, 11] },
    ],
  },
  {
    code: "IT",
    zh: "意大利",
    en: "Italy",
    centre: [42.07, 12.55, 5],
    cities: [
      { code: "IT-MIL", zh: "米兰", en: "Milan", centre: [45.4642, 9.19, 11] },
      { code: "IT-ROM", zh: "罗马", en: "Rome", centre: [41.9028, 12.4964, 11] },
      { code: "IT-TRN", zh: "都灵", en: "Turin", centre: [45.0703, 7.6869, 11] },
    ],
  },
  {
    code: "FR",
    zh: "法国",
    en: "France",
    centre: [46.88, 1.7, 5],
    cities: [
      { code: "FR-PAR", zh: "巴黎", en: "Paris", centre: [48.8566, 2.3522, 11] },
      { code: "FR-LYS", zh: "里昂", en: "Lyon", centre: [45.764, 4.8357, 11] },
      { code: "FR-MRS", zh: "马赛", en: "Marseille", centre: [43.2965, 5.3698, 11] },
    ],
  },
  {
    code: "GB",
    zh: "英国",
    en: "United Kingdom",
    centre: [54.54, -3.2, 5],
    cities: [
      { code: "GB-LON", zh: "伦敦", en: "London", centre: [51.5074, -0.1278, 11] },
      { code: "GB-MAN", zh: "曼彻斯特", en: "Manchester", centre: [53.4808, -2.2426, 11] },
      { code: "GB-BHM", zh: "伯明翰", en: "Birmingham", centre: [52.4862, -1.8904, 11] },
    ],
  },
  {
    code: "TR",
    zh: "土耳其",
    en: "Turkey",
    centre: [39.02, 35.4, 5],
    cities: [
      { code: "TR-IST", zh: "伊斯坦布尔", en: "Istanbul", centre: [41.0082, 28.9784, 11] },
      { code: "TR-ANK", zh: "安卡拉", en: "Ankara", centre: [39.9334, 32.8597, 11] },
    ],
  },
  {
    code: "AE",
    zh: "阿联酋",
    en: "United Arab Emirates",
    centre: [24.36, 53.95, 7],
    cities: [
      { code: "AE-DXB", zh: "迪拜", en: "Dubai", centre: [25.2048, 55.2708, 11] },
      { code: "AE-AUH", zh: "阿布扎比", en: "Abu Dhabi", centre: [24.4539, 54.3773, 11] },
    ],
  },
  {
    code: "AU",
    zh: "澳大利亚",
    en: "Australia",
    centre: [-28.41, 133.45, 3],
    cities: [
      { code: "AU-SYD", zh: "悉尼", en: "Sydney", centre: [-33.8688, 151.2093, 11] },
      { code: "AU-MEL", zh: "墨尔本", en: "Melbourne", centre: [-37.8136, 144.9631, 11] },
    ],
  },
];
