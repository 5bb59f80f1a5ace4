// Company Calendar in Azure: a Linux web app that serves the API and the built web app, a Cosmos DB for NoSQL
// account it reaches through its managed identity (no keys anywhere), and Application Insights over a Log
// Analytics workspace. teamsapp.yml deploys this with the values in azure.parameters.json; the outputs at the end
// become environment variables of the Agents Toolkit environment.

@minLength(3)
@maxLength(24)
@description('Start of every resource name, lowercase letters, digits and hyphens, e.g. company-calendar-dev. Globally unique names add a hash of the resource group.')
param resourceBaseName string

@description('The region of every resource; the resource group\'s by default.')
param location string = resourceGroup().location

// B1 is the smallest plan with Always On, which keeps the one instance warm; the Free and Shared plans lack it.
@description('The App Service plan\'s pricing tier.')
@allowed([
  'B1'
  'B2'
  'B3'
  'S1'
  'S2'
  'S3'
  'P0v3'
  'P1v3'
  'P2v3'
  'P3v3'
])
param webAppSku string = 'B1'

@description('serverless bills each request and the storage; autoscale and provisioned reserve cosmosThroughput RU/s, shared by the database\'s containers.')
@allowed([
  'serverless'
  'autoscale'
  'provisioned'
])
param cosmosCapacityMode string = 'serverless'

@description('RU/s for autoscale (the maximum; it scales between a tenth of it and it, at least 1000) or provisioned (at least 400). Serverless ignores it.')
@minValue(400)
param cosmosThroughput int = 1000

@description('The Entra app registration\'s client id: the API accepts tokens for it, and the web app signs in with it.')
param entraClientId string

@description('The tenant the web app signs people in against: the tenant of the app registration.')
param entraTenantId string

@description('Tenants whose tokens the API accepts, space separated: the app registration\'s tenant unless you list more.')
param entraAllowedTenants string = entraTenantId

@description('The Teams app id (the manifest\'s id), for deep links into Teams.')
param teamsAppId string

@description('SharePoint origins that may host the app as a page or web part, space separated, e.g. https://contoso.sharepoint.com.')
param sharePointOrigins string = ''

@description('The most the Log Analytics workspace ingests in a day, in GB: a ceiling on the monitoring bill.')
@minValue(1)
param logDailyCapGb int = 1

var globalName = '${resourceBaseName}-${uniqueString(resourceGroup().id)}'
// The Cosmos store (src/api/stores/cosmos) fixes the containers' names and keys; COSMOS_DATABASE passes this on.
var cosmosDatabaseName = 'company-calendar'
var cosmosDataContributorRoleId = '00000000-0000-0000-0000-000000000002'
var cosmosDatabaseOptions = {
  serverless: {}
  autoscale: {
    autoscaleSettings: {
      maxThroughput: max(cosmosThroughput, 1000)
    }
  }
  provisioned: {
    throughput: cosmosThroughput
  }
}
var cosmosCapabilities = {
  serverless: [
    {
      name: 'EnableServerless'
    }
  ]
  autoscale: []
  provisioned: []
}

resource logWorkspace 'Microsoft.OperationalInsights/workspaces@2025-02-01' = {
  name: '${resourceBaseName}-logs'
  location: location
  properties: {
    sku: {
      name: 'PerGB2018'
    }
    retentionInDays: 30
    workspaceCapping: {
      dailyQuotaGb: logDailyCapGb
    }
  }
}

resource appInsights 'Microsoft.Insights/components@2020-02-02' = {
  name: '${resourceBaseName}-insights'
  location: location
  kind: 'web'
  properties: {
    Application_Type: 'web'
    WorkspaceResourceId: logWorkspace.id
    IngestionMode: 'LogAnalytics'
  }
}

resource cosmosAccount 'Microsoft.DocumentDB/databaseAccounts@2025-04-15' = {
  name: globalName
  location: location
  kind: 'GlobalDocumentDB'
  properties: {
    databaseAccountOfferType: 'Standard'
    capabilities: cosmosCapabilities[cosmosCapacityMode]
    locations: [
      {
        locationName: location
        failoverPriority: 0
        isZoneRedundant: false
      }
    ]
    consistencyPolicy: {
      defaultConsistencyLevel: 'Session'
    }
    // Entra ID only: the web app's managed identity holds a data-plane role, and no key exists to leak.
    disableLocalAuth: true
    // Entra identities cannot change databases or containers through the data plane: Bicep owns them.
    disableKeyBasedMetadataWriteAccess: true
    minimalTlsVersion: 'Tls12'
    publicNetworkAccess: 'Enabled'
  }
}

resource cosmosDatabase 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases@2025-04-15' = {
  parent: cosmosAccount
  name: cosmosDatabaseName
  properties: {
    resource: {
      id: cosmosDatabaseName
    }
    options: cosmosDatabaseOptions[cosmosCapacityMode]
  }
}

resource calendarsContainer 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2025-04-15' = {
  parent: cosmosDatabase
  name: 'calendars'
  properties: {
    resource: {
      id: 'calendars'
      partitionKey: {
        paths: [
          '/tenantId'
        ]
        kind: 'Hash'
        version: 2
      }
    }
  }
}

// Each person's settings (src/api/stores/cosmos/cosmos-user-settings.ts): one small document per user, by tenant.
resource userSettingsContainer 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2025-04-15' = {
  parent: cosmosDatabase
  name: 'userSettings'
  properties: {
    resource: {
      id: 'userSettings'
      partitionKey: {
        paths: [
          '/tenantId'
        ]
        kind: 'Hash'
        version: 2
      }
    }
  }
}

// Each calendar's categories (src/api/stores/cosmos/cosmos-categories.ts), by tenant. The unique key keeps a calendar's
// category names apart, letter case aside (nameKey is the calendar's id and the lower-cased name); it can only be set
// when the container is made.
resource categoriesContainer 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2025-04-15' = {
  parent: cosmosDatabase
  name: 'categories'
  properties: {
    resource: {
      id: 'categories'
      partitionKey: {
        paths: [
          '/tenantId'
        ]
        kind: 'Hash'
        version: 2
      }
      uniqueKeyPolicy: {
        uniqueKeys: [
          {
            paths: [
              '/nameKey'
            ]
          }
        ]
      }
    }
  }
}

// Personal iCalendar subscription links (src/api/stores/cosmos/cosmos-subscriptions.ts), by tenant. Only the paths the
// queries filter on are indexed: the secret's hash (a feed request's lookup), the tenant and the creator.
resource subscriptionsContainer 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2025-04-15' = {
  parent: cosmosDatabase
  name: 'subscriptions'
  properties: {
    resource: {
      id: 'subscriptions'
      partitionKey: {
        paths: [
          '/tenantId'
        ]
        kind: 'Hash'
        version: 2
      }
      indexingPolicy: {
        indexingMode: 'consistent'
        automatic: true
        includedPaths: [
          {
            path: '/secretHash/?'
          }
          {
            path: '/tenantId/?'
          }
          {
            path: '/userId/?'
          }
        ]
        excludedPaths: [
          {
            path: '/*'
          }
        ]
      }
    }
  }
}

resource eventsContainer 'Microsoft.DocumentDB/databaseAccounts/sqlDatabases/containers@2025-04-15' = {
  parent: cosmosDatabase
  name: 'events'
  properties: {
    resource: {
      id: 'events'
      // By tenant, not by calendar: moving an event to another calendar stays one conditional replace within a
      // partition (src/api/stores/cosmos/data-design.md).
      partitionKey: {
        paths: [
          '/tenantId'
        ]
        kind: 'Hash'
        version: 2
      }
      indexingPolicy: {
        indexingMode: 'consistent'
        automatic: true
        includedPaths: [
          {
            path: '/*'
          }
        ]
        // Descriptions run to 10,000 characters and are never filtered on: indexing them would only cost RUs.
        excludedPaths: [
          {
            path: '/"_etag"/?'
          }
          {
            path: '/description/?'
          }
        ]
        // The window query: equality on tenant, calendar and all-day, a range on the start; the series window query;
        // search's order (start, then id); and an event's history.
        compositeIndexes: [
          [
            {
              path: '/tenantId'
              order: 'ascending'
            }
            {
              path: '/calendarId'
              order: 'ascending'
            }
            {
              path: '/allDay'
              order: 'ascending'
            }
            {
              path: '/startMs'
              order: 'ascending'
            }
          ]
          // The series window query: equality on tenant and calendar, a range on the end of the series' range.
          [
            {
              path: '/tenantId'
              order: 'ascending'
            }
            {
              path: '/calendarId'
              order: 'ascending'
            }
            {
              path: '/rangeEndMs'
              order: 'ascending'
            }
          ]
          [
            {
              path: '/startMs'
              order: 'ascending'
            }
            {
              path: '/id'
              order: 'ascending'
            }
          ]
          // An event's history, newest first (the History tab).
          [
            {
              path: '/entryEventId'
              order: 'descending'
            }
            {
              path: '/seq'
              order: 'descending'
            }
          ]
        ]
      }
      // Time to live on with no default: only trashed events (EVENT_TRASH_DAYS) and history entries
      // (HISTORY_RETENTION_DAYS) carry a ttl, and the account deletes them itself.
      defaultTtl: -1
    }
  }
}

resource appServicePlan 'Microsoft.Web/serverfarms@2024-11-01' = {
  name: '${resourceBaseName}-plan'
  location: location
  kind: 'linux'
  sku: {
    name: webAppSku
  }
  properties: {
    reserved: true
  }
}

resource webApp 'Microsoft.Web/sites@2024-11-01' = {
  name: globalName
  location: location
  kind: 'app,linux'
  identity: {
    type: 'SystemAssigned'
  }
  properties: {
    serverFarmId: appServicePlan.id
    httpsOnly: true
    clientAffinityEnabled: false
    siteConfig: {
      // Node 24 runs the server's bundle (dist/server: plain JavaScript, which the deploy's `npm run build` makes).
      linuxFxVersion: 'NODE|24-lts'
      // V8's heap kept tight (src/api/process-settings.ts): RSS under feed load stays within its bound.
      appCommandLine: 'node --max-semi-space-size=4 --max-old-space-size=512 --expose-gc dist/server/server.js'
      alwaysOn: true
      healthCheckPath: '/api/health'
      http20Enabled: true
      minTlsVersion: '1.2'
      scmMinTlsVersion: '1.2'
      ftpsState: 'Disabled'
    }
  }
}

// Deployments sign in with Entra ID (the Agents Toolkit does): no publishing passwords.
resource ftpPublishing 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: webApp
  name: 'ftp'
  properties: {
    allow: false
  }
}

resource scmPublishing 'Microsoft.Web/sites/basicPublishingCredentialsPolicies@2024-11-01' = {
  parent: webApp
  name: 'scm'
  properties: {
    allow: false
  }
}

// Apart from the site so that they can name its host: the App ID URI is the one aad.manifest.json exposes.
resource webAppSettings 'Microsoft.Web/sites/config@2024-11-01' = {
  parent: webApp
  name: 'appsettings'
  properties: {
    // App Service passes PORT; the server must listen beyond loopback for the platform's front end to reach it.
    HOST: '0.0.0.0'
    // The only host name the server answers for beyond loopback (against DNS rebinding); add custom domains here.
    PUBLIC_HOSTS: webApp.properties.defaultHostName
    // App Service's front end appends the client's address to X-Forwarded-For: per-address limits count clients.
    TRUSTED_PROXY_HOPS: '1'
    STORE: 'cosmos'
    COSMOS_ENDPOINT: cosmosAccount.properties.documentEndpoint
    COSMOS_DATABASE: cosmosDatabaseName
    COSMOS_CREATE_RESOURCES: 'false'
    ENTRA_CLIENT_ID: entraClientId
    ENTRA_APP_ID_URI: 'api://${webApp.properties.defaultHostName}/${entraClientId}'
    ENTRA_TENANT_ID: entraTenantId
    ENTRA_ALLOWED_TENANTS: entraAllowedTenants
    TEAMS_APP_ID: teamsAppId
    SHAREPOINT_ORIGINS: sharePointOrigins
    // Microsoft Graph on behalf of users ("Add to my Outlook calendar"): the on-behalf-of exchange proves the app with
    // this site's managed identity, which the app registration trusts (teamsapp.yml's federated identity credential).
    GRAPH_CREDENTIAL: 'managed-identity'
    // The deployed zip is mounted read-only as it is: node_modules, dist/web and dist/server come built.
    WEBSITE_RUN_FROM_PACKAGE: '1'
    // Node keeps the server's compiled modules here and starts about a third faster with them: under
    // /home, which is writable and outlives restarts and new containers; entries whose source changed are ignored.
    NODE_COMPILE_CACHE: '/home/site/node-compile-cache'
    // glibc's mmap threshold fixed (src/api/process-settings.ts): freed feed bodies go back to the OS after load.
    MALLOC_MMAP_THRESHOLD_: '131072'
    // Two malloc arenas, not one per thread that allocates (src/api/process-settings.ts).
    MALLOC_ARENA_MAX: '2'
    APPLICATIONINSIGHTS_CONNECTION_STRING: appInsights.properties.ConnectionString
    // App Service's Application Insights agent for Node.js on Linux: requests, dependencies and console logs.
    ApplicationInsightsAgent_EXTENSION_VERSION: '~3'
  }
}

resource webAppCosmosDataContributor 'Microsoft.DocumentDB/databaseAccounts/sqlRoleAssignments@2025-04-15' = {
  parent: cosmosAccount
  name: guid(cosmosAccount.id, webApp.id, cosmosDataContributorRoleId)
  properties: {
    roleDefinitionId: '${cosmosAccount.id}/sqlRoleDefinitions/${cosmosDataContributorRoleId}'
    principalId: webApp.identity.principalId
    scope: cosmosAccount.id
  }
}

output TAB_DOMAIN string = webApp.properties.defaultHostName
output TAB_ENDPOINT string = 'https://${webApp.properties.defaultHostName}'
output AZURE_APP_SERVICE_RESOURCE_ID string = webApp.id
// The subject of the app registration's federated identity credential: the web app's managed identity.
output WEB_APP_PRINCIPAL_ID string = webApp.identity.principalId
