-- A store sells in one of the 27 supported currencies (storefront spec §3).
ALTER TABLE websites ADD CONSTRAINT websites_currency_supported CHECK (currency IN (
  'EUR', 'USD', 'AUD', 'NOK', 'CAD', 'NZD', 'DKK', 'GBP', 'HKD', 'CHF', 'MXN', 'SGD', 'SEK', 'CZK',
  'ILS', 'PHP', 'RUB', 'PLN', 'THB', 'MYR', 'ARS', 'BRL', 'COP', 'IDR', 'INR', 'JPY', 'ZAR'
));
